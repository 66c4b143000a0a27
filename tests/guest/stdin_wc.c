/* Guest test: stdin processing. The harness pipes stdin_wc.stdin: counts
 * lines, words and bytes, letter frequencies, and prints each line reversed
 * with its number, like a tiny mix of wc, rev and nl. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[4096];
    long lines = 0, words = 0, bytes = 0, longest = 0;
    long freq[26] = {0};
    while (fgets(line, sizeof(line), stdin)) {
        size_t n = strlen(line);
        bytes += (long)n;
        lines++;
        int in_word = 0;
        for (size_t i = 0; i < n; i++) {
            int c = (unsigned char)line[i];
            if (isspace(c)) {
                in_word = 0;
            } else if (!in_word) {
                in_word = 1;
                words++;
            }
            if (isalpha(c))
                freq[tolower(c) - 'a']++;
        }
        if (n && line[n - 1] == '\n')
            line[--n] = 0;
        if ((long)n > longest)
            longest = (long)n;
        printf("%6ld  ", lines);
        for (size_t i = n; i > 0; i--)
            putchar(line[i - 1]);
        putchar('\n');
    }
    printf("lines=%ld words=%ld bytes=%ld longest=%ld eof=%d\n", lines, words,
           bytes, longest, feof(stdin) != 0);
    for (int i = 0; i < 26; i++)
        if (freq[i])
            printf("%c:%ld ", 'a' + i, freq[i]);
    printf("\n");
    return 0;
}
