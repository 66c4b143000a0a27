/* Guest test: <ctype.h> classification and case mapping for EOF and every
 * unsigned char value in the C locale, plus a small tokenizer built on it.
 * Uses int arguments only (plain char signedness differs by architecture). */
#include <ctype.h>
#include <stdio.h>

int main(void)
{
    for (int c = -1; c < 256; c++) {
        unsigned m = 0;
        m |= (isalnum(c) != 0) << 0;
        m |= (isalpha(c) != 0) << 1;
        m |= (isblank(c) != 0) << 2;
        m |= (iscntrl(c) != 0) << 3;
        m |= (isdigit(c) != 0) << 4;
        m |= (isgraph(c) != 0) << 5;
        m |= (islower(c) != 0) << 6;
        m |= (isprint(c) != 0) << 7;
        m |= (ispunct(c) != 0) << 8;
        m |= (isspace(c) != 0) << 9;
        m |= (isupper(c) != 0) << 10;
        m |= (isxdigit(c) != 0) << 11;
        m |= (isascii(c) != 0) << 12;
        printf("%4d %03x up=%d lo=%d", c, m, toupper(c), tolower(c));
        if (c >= 32 && c < 127)
            printf(" '%c'", c);
        printf("\n");
    }
    const char *text = "Hello, World! 123 abc_DEF\tx9 (y) 0xFF  end.";
    int words = 0, digits = 0, upper = 0, punct = 0;
    int in_word = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (isalnum(*p) || *p == '_') {
            if (!in_word)
                words++;
            in_word = 1;
        } else {
            in_word = 0;
        }
        digits += isdigit(*p) != 0;
        upper += isupper(*p) != 0;
        punct += ispunct(*p) != 0;
    }
    printf("words=%d digits=%d upper=%d punct=%d\n", words, digits, upper,
           punct);
    char swapped[64];
    int i = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && i < 63;
         p++)
        swapped[i++] = (char)(isupper(*p) ? tolower(*p) : toupper(*p));
    swapped[i] = 0;
    printf("swapped: %s\n", swapped);
    return 0;
}
