/*
 * Guest test: /proc/cpuinfo agrees with what the process is told
 * elsewhere. One "processor" block per online CPU on every architecture;
 * on arm64 the "Features" line names exactly the AT_HWCAP and AT_HWCAP2
 * bits that are set (names as arm64 Linux prints them) and "CPU
 * architecture" is 8.
 */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#ifdef __aarch64__
/* arm64 Linux's names for the low AT_HWCAP bits (arch/arm64 cpuinfo). */
static const char *const hwcap_names[] = {
    "fp",     "asimd",   "evtstrm",  "aes",     "pmull", "sha1",     "sha2",
    "crc32",  "atomics", "fphp",     "asimdhp", "cpuid", "asimdrdm", "jscvt",
    "fcma",   "lrcpc",   "dcpop",    "sha3",    "sm3",   "sm4",      "asimddp",
    "sha512", "sve",     "asimdfhm", "dit",     "uscat", "ilrcpc",   "flagm",
    "ssbs",   "sb",      "paca",     "pacg",
};
/* And the AT_HWCAP2 bits, printed after them. */
static const char *const hwcap2_names[] = {
    "dcpodp",     "sve2",      "sveaes",    "svepmull",  "svebitperm",
    "svesha3",    "svesm4",    "flagm2",    "frint",     "svei8mm",
    "svef32mm",   "svef64mm",  "svebf16",   "i8mm",      "bf16",
    "dgh",        "rng",       "bti",       "mte",       "ecv",
    "afp",        "rpres",     "mte3",      "sme",       "smei16i64",
    "smef64f64",  "smei8i32",  "smef16f32", "smeb16f32", "smef32f32",
    "smefa64",    "wfxt",      "ebf16",     "sveebf16",  "cssc",
    "rprfm",      "sve2p1",    "sme2",      "sme2p1",    "smei16i32",
    "smebi32i32", "smeb16b16", "smef16f16", "mops",      "hbc",
};

static void append_names(char *want, unsigned long caps,
                         const char *const *names, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (caps & (1ul << i)) {
            strcat(want, want[0] ? " " : "");
            strcat(want, names[i]);
        }
}

static int features_match(const char *line)
{
    char want[1024] = "";

    append_names(want, getauxval(AT_HWCAP), hwcap_names,
                 sizeof(hwcap_names) / sizeof(hwcap_names[0]));
    append_names(want, getauxval(AT_HWCAP2), hwcap2_names,
                 sizeof(hwcap2_names) / sizeof(hwcap2_names[0]));
    return strcmp(line, want) == 0;
}
#endif

int main(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[1024];
    long processors = 0;
    int features_ok = 0, arch_ok = 0;

    if (!f) {
        printf("cannot open /proc/cpuinfo\n");
        return 1;
    }
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "processor", 9) == 0)
            processors++;
#ifdef __aarch64__
        if (strncmp(line, "Features\t: ", 11) == 0)
            features_ok += features_match(line + 11);
        if (strcmp(line, "CPU architecture: 8") == 0)
            arch_ok++;
#endif
    }
    fclose(f);
#ifndef __aarch64__
    features_ok = arch_ok = (int)processors; /* nothing arm64-specific */
#endif
    printf("processors match online CPUs: %s\n",
           processors == sysconf(_SC_NPROCESSORS_ONLN) ? "yes" : "no");
    printf("every Features line matches AT_HWCAP: %s\n",
           features_ok == processors ? "yes" : "no");
    printf("every block says CPU architecture 8: %s\n",
           arch_ok == processors ? "yes" : "no");
    return 0;
}
