/* Trace of the cube of a generated 16x16 matrix, modulo 2^64. */
#include <string.h>

#include "smp.h"

enum { N = 16 };

static void multiply(uint64_t out[N][N], uint64_t a[N][N], uint64_t b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            uint64_t s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            out[i][j] = s;
        }
}

uint64_t smp_matrix(uint32_t seed)
{
    uint64_t m[N][N], sq[N][N], cube[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = (uint64_t)(i * N + j) * seed + 1;
    multiply(sq, m, m);
    multiply(cube, sq, m);
    uint64_t trace = 0;
    for (int i = 0; i < N; i++)
        trace += cube[i][i];
    memset(m, 0, sizeof(m));
    return trace;
}
