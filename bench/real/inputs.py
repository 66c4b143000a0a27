# Writes the generated inputs of bench/real/run-real.sh (audio, video,
# image, text) into a directory: fixed seeds and integer arithmetic only, so
# every machine gets the same bytes. Nothing is downloaded.
# usage: python3 inputs.py DIR
import array
import math
import os
import random
import struct
import sys
import zlib


def write_wav(path, seconds, rate=44100):
    # Stereo 16-bit: a melody of sine notes that changes every quarter
    # second, a slow chord on the other channel, and a little noise, so the
    # encoders have tonal content and something to throw away.
    rng = random.Random(1234)
    frames = seconds * rate
    sine = [int(12000 * math.sin(2 * math.pi * i / 4096)) for i in range(4096)]
    notes = [rng.choice([220, 247, 262, 294, 330, 349, 392, 440, 494, 523])
             for _ in range(seconds * 4 + 1)]
    noise = [rng.randint(-300, 300) for _ in range(8191)]
    data = array.array("h", bytes(4 * frames))
    phase_l = phase_r = 0
    for i in range(frames):
        step_l = notes[i * 4 // rate] * 4096 // rate
        phase_l = (phase_l + step_l) & 4095
        phase_r = (phase_r + 45) & 4095
        data[2 * i] = sine[phase_l] + noise[i % 8191]
        data[2 * i + 1] = (sine[phase_r] + sine[(phase_r * 3) & 4095]) // 2
    if sys.byteorder != "little":
        data.byteswap()
    with open(path, "wb") as f:
        size = 4 * frames
        f.write(b"RIFF" + struct.pack("<I", 36 + size) + b"WAVEfmt ")
        f.write(struct.pack("<IHHIIHH", 16, 1, 2, rate, rate * 4, 4, 16))
        f.write(b"data" + struct.pack("<I", size))
        f.write(data.tobytes())


def write_y4m(path, width, height, frames):
    # Moving diagonal bands plus a drifting noisy square: motion for the
    # motion search, texture for the transforms.
    rng = random.Random(99)
    tex = bytes(rng.randrange(256) for _ in range(64 * 64))
    with open(path, "wb") as f:
        f.write(b"YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C420jpeg\n" % (width, height))
        for t in range(frames):
            f.write(b"FRAME\n")
            luma = bytearray(width * height)
            sx, sy = (t * 3) % (width - 64), (t * 2) % (height - 64)
            for y in range(height):
                row = y * width
                base = (y + 2 * t) & 255
                luma[row:row + width] = bytes((x + base) & 255 for x in range(width))
                if sy <= y < sy + 64:
                    luma[row + sx:row + sx + 64] = tex[(y - sy) * 64:(y - sy + 1) * 64]
            f.write(luma)
            cw, ch = width // 2, height // 2
            f.write(bytes(((x + t) * 2) & 255 for y in range(ch) for x in range(cw)))
            f.write(bytes(((y - t) * 3) & 255 for y in range(ch) for x in range(cw)))


def make_image(width, height):
    # Smooth gradients with circles and a noisy half: typical photo-like
    # statistics for the DCT and the entropy coder. RGB bytes.
    rng = random.Random(7)
    noise = bytes(rng.randrange(256) for _ in range(65536))
    out = bytearray()
    for y in range(height):
        dy = (y - height // 2) ** 2
        g0 = y * 255 // height
        row = bytearray(3 * width)
        for x in range(width):
            d = ((x - width // 2) ** 2 + dy) // 512
            row[3 * x] = (x * 255 // width + d) & 255
            row[3 * x + 1] = g0 ^ (d & 63)
            row[3 * x + 2] = (d * 7) & 255 if x < width // 2 else noise[(x * 7 + y * 131) & 65535]
        out += row
    return out


def write_ppm(path, width, height):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (width, height))
        f.write(make_image(width, height))


def write_png(path, width, height):
    # Filter type 0 on every row and zlib level 1: optipng has work to do.
    rgb = make_image(width, height)
    raw = b"".join(b"\0" + rgb[3 * width * y:3 * width * (y + 1)] for y in range(height))

    def chunk(kind, data):
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 1)))
        f.write(chunk(b"IEND", b""))


def write_words(path, lines):
    # Lines of pseudo-random words for sort: many shared prefixes.
    rng = random.Random(42)
    syll = ["ka", "lo", "mi", "nu", "pe", "ra", "so", "ti", "vu", "ze", "qua", "str"]
    with open(path, "w") as f:
        for _ in range(lines):
            words = ("".join(rng.choice(syll) for _ in range(rng.randint(1, 4)))
                     for _ in range(rng.randint(2, 6)))
            f.write(" ".join(words) + " %d\n" % rng.randrange(100000))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    write_wav(os.path.join(out, "audio.wav"), 60)
    write_y4m(os.path.join(out, "video.y4m"), 352, 288, 40)
    write_ppm(os.path.join(out, "image.ppm"), 3200, 2400)
    write_png(os.path.join(out, "image.png"), 800, 600)
    write_words(os.path.join(out, "words.txt"), 300000)


main()
