/* Differential test: search, strlen-like, compaction and sliding-window
 * kernels written, where the compiler targets SVE, with the ACLE
 * intrinsics that become the SVE partition and permute instructions
 * (BRKA/BRKB/BRKN/BRKPA/BRKPB, PFIRST/PNEXT, CNTP/INCP, SQINCP/UQDECP,
 * COMPACT, SPLICE, EXT, TBL, INSR, LASTA/CLASTA, CPY, RBIT, LDFF1 with
 * the FFR); elsewhere the plain C below each, whose output is the
 * reference. Results do not depend on the vector length. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
/* The ACLE (arm_sve.h: GCC 10 and later) where the target has SVE. */
#if defined(__ARM_FEATURE_SVE) && defined(__has_include)
#if __has_include(<arm_sve.h>)
#include <arm_sve.h>
#define USE_ACLE 1
#endif
#endif

#define N 1000

static int32_t a32[N + 160];
static uint8_t text[N + 64];
static uint16_t a16[N];

static uint64_t rng = 0x13198a2e03707344ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void fill(void)
{
    for (int i = 0; i < N + 160; i++)
        a32[i] = (int32_t)(next() % 401) - 200;
    for (int i = 0; i < N + 64; i++)
        text[i] = (uint8_t)(1 + next() % 40);
    for (int i = 0; i < N; i++)
        a16[i] = (uint16_t)next();
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001b3ull;
}

/* The first index with a[i] == key, or -1 (BRKB + CNTP). */
static int find_first(const int32_t *a, int n, int32_t key)
{
#ifdef USE_ACLE
    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svbool_t hit = svcmpeq_n_s32(pg, svld1_s32(pg, a + i), key);

        if (svptest_any(pg, hit))
            return i + (int)svcntp_b32(pg, svbrkb_b_z(pg, hit));
    }
    return -1;
#else
    for (int i = 0; i < n; i++)
        if (a[i] == key)
            return i;
    return -1;
#endif
}

/* The element after the first one above t (LASTB of a BRKA partition,
 * LASTA), or 0. */
static int32_t after_first_above(const int32_t *a, int n, int32_t t)
{
#ifdef USE_ACLE
    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svint32_t v = svld1_s32(pg, a + i);
        svbool_t hit = svcmpgt_n_s32(pg, v, t);

        if (svptest_any(pg, hit)) {
            svbool_t upto = svbrka_b_z(pg, hit);
            int at = i + (int)svcntp_b32(pg, upto) - 1;

            if (svlastb_s32(upto, v) != a[at])
                return -99999;
            if (at + 1 >= n)
                return 0;
            if (at + 1 < i + (int)svcntw())
                return svlasta_s32(upto, v);
            return a[at + 1];
        }
    }
    return 0;
#else
    for (int i = 0; i < n; i++)
        if (a[i] > t)
            return i + 1 < n ? a[i + 1] : 0;
    return 0;
#endif
}

/* The sum of the indices of the elements above t, visiting each match
 * with PNEXT and LASTB of an index vector. */
static int64_t match_index_sum(const int32_t *a, int n, int32_t t)
{
    int64_t s = 0;
#ifdef USE_ACLE
    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svbool_t hit = svcmpgt_n_s32(pg, svld1_s32(pg, a + i), t);
        svint32_t index = svindex_s32(i, 1);
        svbool_t p = svpfalse_b();

        for (;;) {
            p = svpnext_b32(hit, p);
            if (!svptest_any(hit, p))
                break;
            s += svlastb_s32(p, index);
        }
    }
#else
    for (int i = 0; i < n; i++)
        if (a[i] > t)
            s += i;
#endif
    return s;
}

/* The first match's index via PFIRST on the compare result. */
static int first_match_pfirst(const int32_t *a, int n, int32_t t)
{
#ifdef USE_ACLE
    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svbool_t hit = svcmplt_n_s32(pg, svld1_s32(pg, a + i), t);
        svbool_t one = svpfirst_b(hit, svpfalse_b());

        if (svptest_any(pg, one))
            return (int)svlastb_s32(one, svindex_s32(i, 1));
    }
    return -1;
#else
    for (int i = 0; i < n; i++)
        if (a[i] < t)
            return i;
    return -1;
#endif
}

/* strlen with first-fault loads (LDFF1B, RDFFR, BRKB, CNTP/INCP). */
static size_t sve_strlen(const char *s)
{
#ifdef USE_ACLE
    const uint8_t *p = (const uint8_t *)s;
    svbool_t all = svptrue_b8();
    size_t n = 0;

    for (;;) {
        svsetffr();
        svuint8_t v = svldff1_u8(all, p + n);
        svbool_t ok = svrdffr_z(all);
        svbool_t nul = svcmpeq_n_u8(ok, v, 0);

        if (svptest_any(ok, nul))
            return n + svcntp_b8(ok, svbrkb_b_z(ok, nul));
        n += svcntp_b8(all, ok);
    }
#else
    return strlen(s);
#endif
}

/* The length of the non-zero prefix of b[0 .. n), two vectors at a time:
 * BRKB on the first, BRKPB (the break carried) on the second, BRKN to
 * know whether it continues. */
static int nonzero_prefix(const uint8_t *b, int n)
{
#ifdef USE_ACLE
    int vl = (int)svcntb();

    for (int i = 0; i < n; i += 2 * vl) {
        svbool_t p1 = svwhilelt_b8(i, n), p2 = svwhilelt_b8(i + vl, n);
        svbool_t z1 = svcmpeq_n_u8(p1, svld1_u8(p1, b + i), 0);
        svbool_t z2 = svcmpeq_n_u8(p2, svld1_u8(p2, b + i + vl), 0);
        svbool_t before1 = svbrkb_b_z(p1, z1);
        svbool_t before2 = svbrkpb_b_z(p1, before1, z2);
        svbool_t go = svbrkn_b_z(p1, before1, svptrue_b8());
        svbool_t upto2 = svbrkpa_b_z(p1, before1, z2);
        int c1 = (int)svcntp_b8(p1, before1);
        int c2 = (int)svcntp_b8(svptrue_b8(), svand_b_z(p2, p2, before2));

        if (svptest_any(p1, z1))
            return i + c1;
        if (!svptest_any(svptrue_b8(), go) && svptest_any(p1, p1))
            return -1000; /* BRKN lost a partition that did not break */
        if (svptest_any(p2, z2))
            return i + vl + c2;
        if (svcntp_b8(p2, upto2) != svcntp_b8(p2, p2))
            return -2000;
    }
    return n;
#else
    for (int i = 0; i < n; i++)
        if (b[i] == 0)
            return i;
    return n;
#endif
}

/* out = the elements above t, in order (COMPACT, CNTP); the count. */
static int compact_above(int32_t *out, const int32_t *a, int n, int32_t t)
{
    int k = 0;
#ifdef USE_ACLE
    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svint32_t v = svld1_s32(pg, a + i);
        svbool_t keep = svcmpgt_n_s32(pg, v, t);
        int c = (int)svcntp_b32(pg, keep);

        svst1_s32(svwhilelt_b32(0, c), out + k, svcompact_s32(keep, v));
        k += c;
    }
#else
    for (int i = 0; i < n; i++)
        if (a[i] > t)
            out[k++] = a[i];
#endif
    return k;
}

/* out[i] = a[i + 1] - a[i] (EXT of two loads). */
static void deltas(int32_t *out, const int32_t *a, int n)
{
#ifdef USE_ACLE
    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svint32_t v0 = svld1_s32(svptrue_b32(), a + i);
        svint32_t v1 = svld1_s32(svptrue_b32(), a + i + svcntw());

        svst1_s32(pg, out + i, svsub_s32_x(pg, svext_s32(v0, v1, 1), v0));
    }
#else
    for (int i = 0; i < n; i++)
        out[i] = a[i + 1] - a[i];
#endif
}

/* out[i] = a[i + k] for a k chosen at run time (SPLICE). */
static void shift_by(int32_t *out, const int32_t *a, int n, int k)
{
#ifdef USE_ACLE
    svbool_t tail = svnot_b_z(svptrue_b32(), svwhilelt_b32(0, k));

    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svint32_t v0 = svld1_s32(svptrue_b32(), a + i);
        svint32_t v1 = svld1_s32(svptrue_b32(), a + i + svcntw());

        svst1_s32(pg, out + i, svsplice_s32(tail, v0, v1));
    }
#else
    for (int i = 0; i < n; i++)
        out[i] = a[i + k];
#endif
}

/* out[i] = lut[b[i] & 15] (TBL on a 16-byte table). */
static void lookup(uint8_t *out, const uint8_t *b, int n)
{
    static const uint8_t lut[64] = "0123456789abcdef";
#ifdef USE_ACLE
    svuint8_t table = svld1_u8(svwhilelt_b8(0, 16), lut);

    for (int i = 0; i < n; i += (int)svcntb()) {
        svbool_t pg = svwhilelt_b8(i, n);
        svuint8_t idx = svand_n_u8_x(pg, svld1_u8(pg, b + i), 15);

        svst1_u8(pg, out + i, svtbl_u8(table, idx));
    }
#else
    for (int i = 0; i < n; i++)
        out[i] = lut[b[i] & 15];
#endif
}

/* out[i]: a[i] bit-reversed (RBIT), a[i - 1] shifted in (INSR), c where
 * a[i] > 0 (CPY, merging); returns the last a[i] above 190, else -5
 * (CLASTB to a general register). */
static int32_t moves(uint32_t *rev, int32_t *prev, int32_t *put,
                     const int32_t *a, int n, int32_t c)
{
    int32_t big = -5;
#ifdef USE_ACLE
    int32_t last = -1;

    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svint32_t v = svld1_s32(pg, a + i);

        svst1_u32(pg, rev + i, svrbit_u32_x(pg, svreinterpret_u32_s32(v)));
        svst1_s32(pg, prev + i, svinsr_n_s32(v, last));
        svst1_s32(pg, put + i, svdup_n_s32_m(v, svcmpgt_n_s32(pg, v, 0), c));
        big = svclastb_n_s32(svcmpgt_n_s32(pg, v, 190), big, v);
        last = svlastb_s32(pg, v);
    }
#else
    for (int i = 0; i < n; i++) {
        uint32_t x = (uint32_t)a[i], r = 0;

        for (int b = 0; b < 32; b++)
            r |= ((x >> b) & 1) << (31 - b);
        rev[i] = r;
        prev[i] = i ? a[i - 1] : -1;
        put[i] = a[i] > 0 ? c : a[i];
        if (a[i] > 190)
            big = a[i];
    }
#endif
    return big;
}

/* Saturating counts: SQINCP and UQDECP on W registers (the elements of
 * a above 0) and on halfword vectors (the halfwords of a above 0), SQDECH
 * and UQDECW by the pattern VL4 (the same at every VL). */
static uint64_t saturating(const int32_t *a, int n, int32_t start)
{
    const int16_t *b = (const int16_t *)a;
    uint64_t h = 0;
    int32_t up = start;
    uint32_t down = 300;
#ifdef USE_ACLE
    svint16_t vup = svdup_n_s16(32700), pat = svdup_n_s16(-32765);
    svuint16_t vdown = svdup_n_u16(400);
    svuint32_t patu = svdup_n_u32(50);

    for (int i = 0; i < n; i += (int)svcntw()) {
        svbool_t pg = svwhilelt_b32(i, n);
        svbool_t hit = svcmpgt_n_s32(pg, svld1_s32(pg, a + i), 0);

        up = svqincp_n_s32_b32(up, hit);
        down = svqdecp_n_u32_b32(down, hit);
    }
    for (int i = 0; i < 2 * n; i += (int)svcnth()) {
        svbool_t pg = svwhilelt_b16(i, 2 * n);
        svbool_t hit = svcmpgt_n_s16(pg, svld1_s16(pg, b + i), 0);

        vup = svqincp_s16(vup, hit);
        vdown = svqdecp_u16(vdown, hit);
    }
    pat = svqdech_pat_s16(pat, SV_VL4, 2);
    patu = svqdecw_pat_u32(patu, SV_VL4, 16);
    h = mix(h, (uint16_t)svlastb_s16(svptrue_b16(), vup));
    h = mix(h, svlastb_u16(svptrue_b16(), vdown));
    h = mix(h, (uint16_t)svlasta_s16(svptrue_b16(), pat));
    h = mix(h, svlasta_u32(svptrue_b32(), patu));
#else
    int hits16 = 0;

    for (int i = 0; i < n; i++)
        if (a[i] > 0) {
            up = up == INT32_MAX ? up : up + 1;
            down = down ? down - 1 : 0;
        }
    for (int i = 0; i < 2 * n; i++)
        hits16 += b[i] > 0;
    h = mix(h, (uint16_t)(32700 + hits16 > 32767 ? 32767 : 32700 + hits16));
    h = mix(h, (uint16_t)(400 > hits16 ? 400 - hits16 : 0));
    h = mix(h, (uint16_t)-32768);
    h = mix(h, 0);
#endif
    h = mix(h, (uint32_t)up);
    h = mix(h, down);
    return h;
}

/* A string that ends at the end of a page, the next page unmapped: the
 * first-fault loads must stop there. */
static void strlen_edge(void)
{
    long page = sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (m == MAP_FAILED)
        return;
    munmap(m + page, page);
    for (int len = 0; len < 300; len += 37) {
        char *s = m + page - len - 1;

        memset(s, 'x', len);
        s[len] = 0;
        printf(" %zu", sve_strlen(s));
    }
    munmap(m, page);
}

int main(void)
{
    static int32_t out[N + 160];
    static uint8_t bout[N];
    static uint32_t rev[N];
    static int32_t prev[N], put[N];
    static const int lengths[] = {0, 1, 3, 4, 5, 16, 17, 63, 64, 65, 250, N};

    fill();
    for (unsigned k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++) {
        int n = lengths[k], c;
        uint64_t h = 0;

        printf("n=%d: find=%d,%d,%d", n, find_first(a32, n, a32[n / 2]),
               find_first(a32, n, 1000), find_first(a32, n, a32[0]));
        printf(" after=%d,%d", after_first_above(a32, n, 150),
               after_first_above(a32, n, 199));
        printf(" isum=%lld", (long long)match_index_sum(a32, n, 120));
        printf(" pfirst=%d", first_match_pfirst(a32, n, -190));
        text[n / 3 + 1] = 0;
        printf(" prefix=%d,%d", nonzero_prefix(text, n),
               nonzero_prefix(text + n / 3 + 2, n / 2));
        printf(" strlen=%zu", sve_strlen((const char *)text + 1));
        text[n / 3 + 1] = 5;
        c = compact_above(out, a32, n, 50);
        for (int i = 0; i < c; i++)
            h = mix(h, (uint32_t)out[i]);
        deltas(out, a32, n);
        for (int i = 0; i < n; i++)
            h = mix(h, (uint32_t)out[i]);
        shift_by(out, a32, n, n % 4);
        for (int i = 0; i < n; i++)
            h = mix(h, (uint32_t)out[i]);
        lookup(bout, text, n);
        for (int i = 0; i < n; i++)
            h = mix(h, bout[i]);
        printf(" compact=%d", c);
        c = moves(rev, prev, put, a32, n, 77);
        for (int i = 0; i < n; i++)
            h = mix(mix(mix(h, rev[i]), (uint32_t)prev[i]), (uint32_t)put[i]);
        printf(" big=%d h=%016llx", c, (unsigned long long)h);
        printf(" sat=%016llx\n",
               (unsigned long long)saturating(a32, n, INT32_MAX - 40));
    }
    printf("strlen at a page end:");
    strlen_edge();
    printf("\n");
    return 0;
}
