/*
 * The plain-C reference of the solo round loop that
 *   deno task flip7 round -n N -p sum:20 --rules solo-model --workers 1 --no-file
 * runs: round k of seed s from the 88-card solo-model deck in kind order on
 * random stream (s, k) (SFC32 seeded as lib/game/rng.ts seeds it, draws by
 * lib/game/engine.ts's swap-to-the-end rule), played by sum:20 (hit while the
 * number cards total under 20), scored as the engine scores. It prints the
 * same integer sums the runner's accumulator holds (scores, squares, busts,
 * Flip 7s) and the mean, so bench/round_bench.ts can check that both loops
 * played the same rounds before it compares their times.
 *
 *   gcc -O2 -o /tmp/round_ref bench/round_ref.c && /tmp/round_ref 1 10000000
 *
 * Output (one line): rounds N sum S sumsq Q busts B flip7s F mean M seconds T
 * (T: the loop alone, CLOCK_MONOTONIC).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KINDS 22
#define PLUS2 13
#define X2 18
#define FREEZE 19
#define FLIP3 20
#define CHANCE 21

static uint32_t splitmix32(uint32_t x) {
  x += 0x9e3779b9u;
  uint32_t z = x;
  z = (z ^ (z >> 16)) * 0x85ebca6bu;
  z = (z ^ (z >> 13)) * 0xc2b2ae35u;
  return z ^ (z >> 16);
}

typedef struct { uint32_t a, b, c, d; } rng_t;

static inline void reseed(rng_t *r, uint32_t s, uint32_t t) {
  r->a = splitmix32((s * 0x1f83d9abu + t) ^ 0x510e527fu);
  r->b = splitmix32(t ^ 0xbb67ae85u);
  r->c = splitmix32((s + t * 0x3c6ef372u) ^ 0xa54ff53au);
  r->d = 1;
}

static inline uint32_t next(rng_t *r) {
  uint32_t a = r->a, b = r->b, c = r->c, d = r->d;
  uint32_t t = a + b + d;
  r->d = d + 1;
  r->a = b ^ (b >> 9);
  r->b = c + (c << 3);
  r->c = ((c << 21) | (c >> 11)) + t;
  return t;
}

/* floor(next * n / 2^32): what Math.floor(next() * n / 4294967296) gives */
static inline uint32_t below(rng_t *r, uint32_t n) {
  return (uint32_t)(((uint64_t)next(r) * n) >> 32);
}

/* rounds [from, to) of seed `seed`: out[0..3] = the sums of the scores, of
   their squares, the busts and the Flip 7s (bench/round_interleaved.ts calls
   this through FFI, built with -DROUND_REF_LIB -shared -fPIC) */
void round_ref_range(uint32_t seed, int32_t from, int32_t to, int32_t threshold,
                     double *out) {
  int deck[KINDS] = {0};
  deck[0] = 1;
  for (int k = 1; k < 13; k++) deck[k] = k;
  for (int k = PLUS2; k <= X2; k++) deck[k] = 1;
  deck[CHANCE] = 3; /* solo-model: no Freeze, no Flip Three */
  uint8_t template[128], pile[128];
  int size = 0;
  for (int k = 0; k < KINDS; k++)
    for (int c = 0; c < deck[k]; c++) template[size++] = (uint8_t)k;
  static const int plus[5] = {2, 4, 6, 8, 10};
  double sum = 0, sq = 0, busts = 0, flip7s = 0;
  rng_t r;
  for (long k = from; k < to; k++) {
    reseed(&r, seed, (uint32_t)k);
    memcpy(pile, template, size);
    int pn = size;
    uint32_t mask = 0, mods = 0;
    int chance = 0, count = 0, nsum = 0, bust = 0, f7 = 0;
    /* the deal, then hits while the number sum is under the threshold (a
       solo seat always has a card in front after the deal) */
    int first = 1;
    while (first || nsum < threshold) {
      first = 0;
      if (pn == 0) break; /* cannot happen with sum:20 on 88 cards */
      uint32_t i = below(&r, (uint32_t)pn);
      int c = pile[i];
      pile[i] = pile[--pn];
      pile[pn] = (uint8_t)c;
      if (c < 13) {
        if (mask & (1u << c)) {
          if (chance) chance = 0;
          else {
            bust = 1;
            break;
          }
        } else {
          mask |= 1u << c;
          nsum += c;
          if (++count == 7) {
            f7 = 1;
            break;
          }
        }
      } else if (c <= X2) mods |= 1u << (c - PLUS2);
      else if (c == CHANCE) chance = 1; /* a spare one is discarded */
    }
    int x = 0;
    if (!bust) {
      x = (mods & (1u << 5)) ? 2 * nsum : nsum;
      for (int m = 0; m < 5; m++)
        if (mods & (1u << m)) x += plus[m];
      if (f7) x += 15;
    }
    sum += x;
    sq += (double)x * x;
    busts += bust;
    flip7s += f7;
  }
  out[0] = sum;
  out[1] = sq;
  out[2] = busts;
  out[3] = flip7s;
}

#ifndef ROUND_REF_LIB
int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? (uint32_t)strtoul(argv[1], 0, 10) : 1;
  long n = argc > 2 ? strtol(argv[2], 0, 10) : 10000000;
  int threshold = argc > 3 ? atoi(argv[3]) : 20;
  double out[4];
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  round_ref_range(seed, 0, (int32_t)n, threshold, out);
  double sum = out[0], sq = out[1], busts = out[2], flip7s = out[3];
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf("rounds %ld sum %.0f sumsq %.0f busts %.0f flip7s %.0f mean %.4f seconds %.4f\n",
         n, sum, sq, busts, flip7s, sum / n, secs);
  return 0;
}
#endif

