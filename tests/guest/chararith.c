/* Guest test: 8- and 16-bit arithmetic with explicit signed char, unsigned
 * char, int8/16_t and uint8/16_t: promotion, wrap on conversion, sign
 * extension from byte/halfword loads. Plain char is never used for values
 * (it is unsigned on aarch64 and signed on x86-64). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static volatile signed char vsc[256];
static volatile unsigned char vuc[256];
static volatile int16_t vs16[512];
static volatile uint16_t vu16[512];

int main(void)
{
    for (int i = 0; i < 256; i++) {
        vsc[i] = (signed char)(i * 37 + 11);
        vuc[i] = (unsigned char)(i * 37 + 11);
    }
    for (int i = 0; i < 512; i++) {
        vs16[i] = (int16_t)(i * 4099 - 30000);
        vu16[i] = (uint16_t)(i * 4099 - 30000);
    }
    for (int i = 0; i < 256; i += 3) {
        signed char a = vsc[i], b = vsc[(i * 7) % 256];
        unsigned char ua = vuc[i], ub = vuc[(i * 7) % 256];
        signed char sum8 = (signed char)(a + b);
        unsigned char usum8 = (unsigned char)(ua + ub);
        int promoted = a + b;
        printf(
            "c8 %4d %4d sum=%4d wrap=%4d u=%3u %3u usum=%3u prod=%6d uprod=%5u "
            "cmp=%d%d%d div=%d shr=%d ushr=%u not=%d\n",
            a, b, promoted, sum8, ua, ub, usum8, a * b, ua * ub, a < b,
            ua<ub, a<(signed char)ub, b ? a / b : 0, a>> 2, ua >> 2, ~a);
    }
    for (int i = 0; i < 512; i += 7) {
        int16_t a = vs16[i], b = vs16[(i * 13) % 512];
        uint16_t ua = vu16[i], ub = vu16[(i * 13) % 512];
        printf(
            "c16 %6d %6d sum=%6d wrap=%6d u=%5u %5u usum=%5u prod=%11d uprod=%10u "
            "mulhi=%6d ext=%08x uext=%08x\n",
            a, b, a + b, (int16_t)(a + b), ua, ub, (uint16_t)(ua + ub), a * b,
            (unsigned)ua * ub, (int16_t)((a * b) >> 16), (uint32_t)(int32_t)a,
            (uint32_t)ua);
    }
    /* Byte buffer with high bytes, read through both signednesses. */
    unsigned char bytes[64];
    for (int i = 0; i < 64; i++)
        bytes[i] = (unsigned char)(i * 4 + 3);
    long ssum = 0, usum = 0;
    for (int i = 0; i < 64; i++) {
        ssum += ((signed char *)bytes)[i];
        usum += bytes[i];
    }
    printf("buf ssum=%ld usum=%ld\n", ssum, usum);
    int16_t halves[32];
    memcpy(halves, bytes, 64);
    long hsum = 0;
    for (int i = 0; i < 32; i++)
        hsum += halves[i] * (i + 1);
    printf("halves sum=%ld\n", hsum);
    /* Saturating clamp and absolute value patterns on bytes. */
    for (int v = -300; v <= 300; v += 25) {
        int clamped = v < -128 ? -128 : v > 127 ? 127 : v;
        signed char c = (signed char)clamped;
        unsigned char u = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
        printf("clamp %4d -> %4d %3u abs=%d trunc=%d utrunc=%u\n", v, c, u,
               c < 0 ? -c : c, (signed char)v, (unsigned char)v);
    }
    /* Character arithmetic on strings: Caesar shift with unsigned char. */
    const char *msg = "The Quick Brown Fox Jumps Over The Lazy Dog \xe9\xff";
    unsigned char enc[64];
    size_t n = strlen(msg);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)msg[i];
        if (c >= 'a' && c <= 'z')
            c = (unsigned char)('a' + (c - 'a' + 13) % 26);
        else if (c >= 'A' && c <= 'Z')
            c = (unsigned char)('A' + (c - 'A' + 13) % 26);
        else if (c >= 0x80)
            c = (unsigned char)(c ^ 0x7f);
        enc[i] = c;
    }
    printf("rot13:");
    for (size_t i = 0; i < n; i++)
        printf(" %02x", enc[i]);
    printf("\n");
    uint8_t counter = 250;
    int8_t scounter = 120;
    for (int i = 0; i < 12; i++) {
        counter++;
        scounter = (int8_t)(scounter + 1);
        printf("counter %u %d\n", counter, scounter);
    }
    return 0;
}
