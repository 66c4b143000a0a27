/* Guest test: a tiny interpreter -- a recursive-descent expression evaluator
 * and a stack bytecode VM (switch dispatch) running loops, calls and
 * recursion. Exercises indirect branches and data-dependent control flow. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- expression evaluator ---- */
struct parser {
    const char *p;
    long vars[26];
    int error;
};

static long parse_expr(struct parser *ps);

static void skip_ws(struct parser *ps)
{
    while (*ps->p == ' ')
        ps->p++;
}

static long parse_primary(struct parser *ps)
{
    skip_ws(ps);
    char c = *ps->p;
    if (c == '(') {
        ps->p++;
        long v = parse_expr(ps);
        skip_ws(ps);
        if (*ps->p == ')')
            ps->p++;
        else
            ps->error = 1;
        return v;
    }
    if (c == '-') {
        ps->p++;
        return -parse_primary(ps);
    }
    if (c >= 'a' && c <= 'z') {
        ps->p++;
        return ps->vars[c - 'a'];
    }
    if (c >= '0' && c <= '9') {
        long v = 0;
        while (*ps->p >= '0' && *ps->p <= '9')
            v = v * 10 + (*ps->p++ - '0');
        return v;
    }
    ps->error = 1;
    return 0;
}

static long parse_term(struct parser *ps)
{
    long v = parse_primary(ps);
    for (;;) {
        skip_ws(ps);
        char op = *ps->p;
        if (op != '*' && op != '/' && op != '%')
            return v;
        ps->p++;
        long r = parse_primary(ps);
        if (op == '*')
            v *= r;
        else if (r == 0)
            ps->error = 2;
        else if (op == '/')
            v /= r;
        else
            v %= r;
    }
}

static long parse_expr(struct parser *ps)
{
    long v = parse_term(ps);
    for (;;) {
        skip_ws(ps);
        char op = *ps->p;
        if (op != '+' && op != '-')
            return v;
        ps->p++;
        long r = parse_term(ps);
        v = op == '+' ? v + r : v - r;
    }
}

static void run_statement(struct parser *ps, const char *line)
{
    ps->error = 0;
    if (line[0] >= 'a' && line[0] <= 'z' && line[1] == '=') {
        ps->p = line + 2;
        long v = parse_expr(ps);
        if (!ps->error)
            ps->vars[line[0] - 'a'] = v;
        printf("%s -> %c=%ld err=%d\n", line, line[0], v, ps->error);
    } else {
        ps->p = line;
        long v = parse_expr(ps);
        printf("%s -> %ld err=%d\n", line, v, ps->error);
    }
}

/* ---- bytecode VM ---- */
enum op {
    PUSH,
    POP,
    DUP,
    SWAP,
    OVER,
    ADD,
    SUB,
    MUL,
    DIVM,
    LT,
    JMP,
    JZ,
    CALL,
    RET,
    LOAD,
    STORE,
    PRINT,
    HALT
};

struct vm {
    long stack[256];
    int sp;
    int rstack[64];
    int rsp;
    long mem[16];
    uint64_t steps;
    uint32_t out_hash;
    int printed;
};

static long vm_run(struct vm *m, const long *code)
{
    int pc = 0;
    for (;;) {
        m->steps++;
        long op = code[pc++];
        switch (op) {
        case PUSH: m->stack[m->sp++] = code[pc++]; break;
        case POP: m->sp--; break;
        case DUP:
            m->stack[m->sp] = m->stack[m->sp - 1];
            m->sp++;
            break;
        case SWAP: {
            long t = m->stack[m->sp - 1];
            m->stack[m->sp - 1] = m->stack[m->sp - 2];
            m->stack[m->sp - 2] = t;
            break;
        }
        case OVER:
            m->stack[m->sp] = m->stack[m->sp - 2];
            m->sp++;
            break;
        case ADD:
            m->sp--;
            m->stack[m->sp - 1] += m->stack[m->sp];
            break;
        case SUB:
            m->sp--;
            m->stack[m->sp - 1] -= m->stack[m->sp];
            break;
        case MUL:
            m->sp--;
            m->stack[m->sp - 1] *= m->stack[m->sp];
            break;
        case DIVM: {
            long b = m->stack[m->sp - 1], a = m->stack[m->sp - 2];
            m->stack[m->sp - 2] = b ? a % b : 0;
            m->stack[m->sp - 1] = b ? a / b : 0;
            break;
        }
        case LT:
            m->sp--;
            m->stack[m->sp - 1] = m->stack[m->sp - 1] < m->stack[m->sp];
            break;
        case JMP: pc = (int)code[pc]; break;
        case JZ: pc = m->stack[--m->sp] ? pc + 1 : (int)code[pc]; break;
        case CALL:
            m->rstack[m->rsp++] = pc + 1;
            pc = (int)code[pc];
            break;
        case RET: pc = m->rstack[--m->rsp]; break;
        case LOAD: m->stack[m->sp++] = m->mem[code[pc++]]; break;
        case STORE: m->mem[code[pc++]] = m->stack[--m->sp]; break;
        case PRINT: {
            long v = m->stack[--m->sp];
            m->out_hash = (m->out_hash ^ (uint32_t)v) * 16777619u;
            if (m->printed++ < 30)
                printf("vm print %ld\n", v);
            break;
        }
        case HALT: return m->sp ? m->stack[m->sp - 1] : 0;
        default: printf("bad op %ld\n", op); return -1;
        }
    }
}

/* Recursive fib via CALL/RET: fib(n) on stack. */
static const long prog_fib[] = {
    PUSH,
    24,
    CALL,
    5,
    HALT,
    /* 5: fib */ DUP,
    PUSH,
    2,
    LT,
    JZ,
    12,
    RET,
    /* 12 */ DUP,
    PUSH,
    1,
    SUB,
    CALL,
    5,
    SWAP,
    PUSH,
    2,
    SUB,
    CALL,
    5,
    ADD,
    RET,
};

int main(void)
{
    struct parser ps;
    memset(&ps, 0, sizeof(ps));
    const char *lines[] = {"1+2*3",    "(1+2)*3",
                           "x=7",      "y=x*x-1",
                           "y/(x-7)",  "z=-(y%5)+100",
                           "x*y*z",    "((((1))))+-2",
                           "3 +",      "17/5*5+17%5",
                           "a=123456", "b=a*a",
                           "b/a-a",    "c=(a+b)*(a-b)%1000003"};
    for (unsigned i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
        run_statement(&ps, lines[i]);

    struct vm m;
    memset(&m, 0, sizeof(m));
    long r = vm_run(&m, prog_fib);
    printf("vm fib(24)=%ld steps=%llu\n", r, (unsigned long long)m.steps);

    /* Build the squares loop with correct jump targets at run time. */
    long sq[64];
    int n = 0;
    const long head[] = {PUSH, 0, STORE, 0, PUSH, 0, STORE, 1};
    memcpy(sq, head, sizeof(head));
    n = 8;
    int loop = n;
    const long body[] = {LOAD, 0,   PUSH, 3000,  LT,   JZ,    -1,  LOAD,  0,
                         DUP,  MUL, DUP,  PRINT, LOAD, 1,     ADD, STORE, 1,
                         LOAD, 0,   PUSH, 1,     ADD,  STORE, 0,   JMP,   -2};
    memcpy(sq + n, body, sizeof(body));
    int jz_slot = n + 6, jmp_slot = n + 26;
    n += (int)(sizeof(body) / sizeof(body[0]));
    sq[jz_slot] = n;
    sq[jmp_slot] = loop;
    sq[n++] = LOAD;
    sq[n++] = 1;
    sq[n++] = HALT;
    memset(&m, 0, sizeof(m));
    r = vm_run(&m, sq);
    printf("vm squares sum=%ld steps=%llu hash=%08x\n", r,
           (unsigned long long)m.steps, m.out_hash);

    /* Primes: assembled with labels resolved by hand at run time. */
    long pr[128];
    n = 0;
    int L_outer, L_inner, L_prime, L_next, L_end;
    pr[n++] = PUSH;
    pr[n++] = 2;
    pr[n++] = STORE;
    pr[n++] = 0;
    L_outer = n;
    pr[n++] = LOAD;
    pr[n++] = 0;
    pr[n++] = PUSH;
    pr[n++] = 3000;
    pr[n++] = LT;
    pr[n++] = JZ;
    int fix_end = n++;
    pr[n++] = PUSH;
    pr[n++] = 2;
    pr[n++] = STORE;
    pr[n++] = 1;
    L_inner = n;
    pr[n++] = LOAD;
    pr[n++] = 0;
    pr[n++] = LOAD;
    pr[n++] = 1;
    pr[n++] = DUP;
    pr[n++] = MUL;
    pr[n++] = LT; /* n < d*d -> prime */
    pr[n++] = JZ;
    int fix_test = n++;
    pr[n++] = JMP;
    int fix_prime = n++;
    int L_test = n;
    pr[n++] = LOAD;
    pr[n++] = 0;
    pr[n++] = LOAD;
    pr[n++] = 1;
    pr[n++] = DIVM;
    pr[n++] = POP; /* remainder on top */
    pr[n++] = JZ;
    int fix_next = n++;
    pr[n++] = LOAD;
    pr[n++] = 1;
    pr[n++] = PUSH;
    pr[n++] = 1;
    pr[n++] = ADD;
    pr[n++] = STORE;
    pr[n++] = 1;
    pr[n++] = JMP;
    pr[n++] = L_inner;
    L_prime = n;
    pr[n++] = LOAD;
    pr[n++] = 0;
    pr[n++] = PRINT;
    pr[n++] = LOAD;
    pr[n++] = 2;
    pr[n++] = PUSH;
    pr[n++] = 1;
    pr[n++] = ADD;
    pr[n++] = STORE;
    pr[n++] = 2;
    L_next = n;
    pr[n++] = LOAD;
    pr[n++] = 0;
    pr[n++] = PUSH;
    pr[n++] = 1;
    pr[n++] = ADD;
    pr[n++] = STORE;
    pr[n++] = 0;
    pr[n++] = JMP;
    pr[n++] = L_outer;
    L_end = n;
    pr[n++] = LOAD;
    pr[n++] = 2;
    pr[n++] = HALT;
    pr[fix_end] = L_end;
    pr[fix_test] = L_test;
    pr[fix_prime] = L_prime;
    pr[fix_next] = L_next;
    memset(&m, 0, sizeof(m));
    r = vm_run(&m, pr);
    printf("vm primes count=%ld steps=%llu hash=%08x\n", r,
           (unsigned long long)m.steps, m.out_hash);
    return 0;
}
