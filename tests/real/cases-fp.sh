# shellcheck shell=bash
# FP and SIMD cases for run-real-tests.sh (sourced after make_fixture, not
# run): Debian's arm64 openssl (SHA and AES code paths use Advanced SIMD and
# the crypto extensions when HWCAP offers them) and python3.11's float
# formatting, libm, decimal, struct and hashlib, each compared with the
# host's build. It must not use libm functions whose last bit legitimately
# differs between glibc's aarch64 and x86-64 builds (cbrt does), nor NaN
# payloads.

# in, case_in, case_want, case_children and run_case belong to
# run-real-tests.sh; the bash -c script is expanded by the guest shell.
# shellcheck disable=SC2154,SC2034,SC2016

# Inputs the host makes once: a file whose length is not a block multiple,
# and its AES-256-CBC encryption, for the decrypt case.
fp_key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
fp_iv=f0e0d0c0b0a090807060504030201000
head -c 300001 "$in/data.bin" >"$in/odd.bin"
printf 'abc' >"$in/abc.txt"
openssl enc -aes-256-cbc -K "$fp_key" -iv "$fp_iv" -in "$in/odd.bin" \
	-out "$in/odd.aes" 2>/dev/null || rm -f "$in/odd.aes"

# ---- openssl ----
case_want=0
run_case openssl-sha256 openssl dgst -sha256 data.bin odd.bin abc.txt
case_want=0
run_case openssl-sha512 openssl dgst -sha512 data.bin odd.bin abc.txt
case_want=0
run_case openssl-sha1 openssl dgst -sha1 data.bin abc.txt
case_want=0
run_case openssl-md5-sha3 openssl dgst -md5 -sha3-256 odd.bin
case_want=0
run_case openssl-aes-enc openssl enc -aes-256-cbc -K "$fp_key" -iv "$fp_iv" -in odd.bin
case_want=0
run_case openssl-aes-ctr openssl enc -aes-128-ctr -K "${fp_key:0:32}" -iv "$fp_iv" -in data.bin
case_want=0
case_in=$in/odd.aes
run_case openssl-aes-dec openssl enc -d -aes-256-cbc -K "$fp_key" -iv "$fp_iv"
# Encrypt and decrypt both under arx: the round trip must give the input.
case_children=1
case_want=0
run_case openssl-aes-roundtrip bash -c 'k='"$fp_key"' iv='"$fp_iv"'
openssl enc -aes-256-cbc -K $k -iv $iv -in data.bin -out r.aes &&
openssl enc -d -aes-256-cbc -K $k -iv $iv -in r.aes | sha256sum && sha256sum < data.bin &&
openssl dgst -sha256 r.aes'

# ---- python3.11 ----
cat >"$in/fp.py" <<'EOF'
import decimal, hashlib, math, struct, sys

vals = [0.1, 1/3, 2/3, 1e23, 5e-324, 2.2250738585072009e-308, 1.7976931348623157e308,
        9007199254740993.0, -0.0, 0.30000000000000004, 1e-7, 4.35, 2.675, 1e16, 123456.789e-7,
        float("inf"), -float("inf")]
for v in vals:
    r = repr(v)
    h = v.hex()
    print(r, h, float(r) == v or v != v, float.fromhex(h) == v, f"{v:.17g} {v:e} {v:.3f} {v:g} {v:%}")
print(repr(float("nan")), format(-0.0, "+.2f"), round(2.675, 2), round(0.125, 2), round(-2.5), round(1e300))
print((0.1).as_integer_ratio(), (2.5).is_integer(), float.fromhex("0x1.fffffffffffffp+1023"))

print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100]))
print(math.fsum([1.0, 1e100, 1.0, -1e100]), math.prod([1.5, 2.5, -3.25]))
fns = (math.exp, math.expm1, math.log1p, math.sin, math.cos, math.tan, math.atan,
       math.sinh, math.tanh, math.erf, math.gamma, math.lgamma)
for v in [0.0, -0.0, 1e-300, 5e-324, 1.0, 0.5, 709.78, 709.79, -745.1, -746.0, 1e22,
          math.pi, 1e300, 100.0, 0.1, 2.0**-1022]:
    r = []
    for f in fns:
        try:
            r.append(f(v).hex())
        except (OverflowError, ValueError) as e:
            r.append(type(e).__name__)
    print(v, r)
for v in [1e-300, 5e-324, 1.0, 0.5, 1e22, math.pi, 1e300, 100.0, 0.1]:
    print(v, [f(v).hex() for f in (math.log, math.log2, math.log10, math.sqrt, math.asinh,
                                   math.acosh if v >= 1 else abs)])
print(math.pow(2.5, 3.7).hex(), math.atan2(-0.0, -1.0), math.hypot(3e200, 4e200),
      math.fmod(1e300, 3.3), math.remainder(7.5, 2), math.sqrt(2).hex(), math.isqrt(10**40 + 1))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), math.ldexp(1.0, -1074), math.frexp(1e-310))
print(math.copysign(0.0, -1), math.nextafter(1.0, 2.0).hex(), math.ulp(1e300).hex())
try:
    math.sqrt(-1)
except ValueError as e:
    print("sqrt(-1):", e)

D = decimal.Decimal
for rnd in (decimal.ROUND_HALF_EVEN, decimal.ROUND_HALF_UP, decimal.ROUND_DOWN, decimal.ROUND_UP,
            decimal.ROUND_CEILING, decimal.ROUND_FLOOR, decimal.ROUND_HALF_DOWN, decimal.ROUND_05UP):
    ctx = decimal.Context(prec=7, rounding=rnd)
    print(rnd, ctx.divide(D(1), D(7)), ctx.divide(D(-2), D(3)), ctx.sqrt(D(2)),
          ctx.multiply(D("1.2345675"), D(1)), D("2.5").quantize(D(1), rounding=rnd),
          D("-0.0450").quantize(D("0.01"), rounding=rnd), ctx.power(D("1.1"), 50))
ctx = decimal.Context(prec=50)
print(ctx.exp(D(1)), ctx.ln(D(10)), ctx.log10(D(2)), D(0.1), D(1) / D(3))
decimal.getcontext().traps[decimal.DivisionByZero] = False
print(D(1) / D(0), D(-1) / D(0), D("1e-999999") * D("1e-10"), D("NaN") + 1)
print(decimal.getcontext().flags[decimal.DivisionByZero], decimal.getcontext().flags[decimal.Inexact])

for fmt in ("<e", ">e", "<f", ">f", "<d", ">d"):
    out = []
    for v in (1.0, -0.0, 0.1, 65504.0, 65519.0, 6.1e-5, 6e-8, 2.9e-8, 1e-300, 3.4e38,
              float("inf"), -float("inf"), 1/3):
        try:
            b = struct.pack(fmt, v)
            out.append(b.hex() + "=" + repr(struct.unpack(fmt, b)[0]))
        except (OverflowError, struct.error) as e:
            out.append("err:" + type(e).__name__)
    print(fmt, " ".join(out))
print(struct.unpack("<e", bytes.fromhex("007c"))[0], struct.unpack("<e", bytes.fromhex("0100"))[0],
      struct.unpack("<f", bytes.fromhex("01000000"))[0], struct.pack("<e", float("nan"))[1] & 0x7c)

data = open("data.bin", "rb").read()
for name in ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_256", "sha3_512",
             "blake2b", "blake2s"):
    h = hashlib.new(name)
    h.update(data[:12345])
    h.update(data[12345:])
    print(name, h.hexdigest(), hashlib.new(name, b"abc").hexdigest()[:32])
print(hashlib.shake_128(data).hexdigest(20), hashlib.pbkdf2_hmac("sha256", b"pw", b"salt", 1000).hex())
sys.exit(7)
EOF
case_want=7
run_case python-fp python3.11 fp.py
