/*
 * Plain-C reference of the `approx` solo DP (seed 000's model), to time the
 * TypeScript solver against: `gcc -O2 -o /tmp/solver_ref bench/solver_ref.c`
 * then `/tmp/solver_ref`. Two layouts of the same recurrence:
 *   dense:  one slot per 22-bit key (mask, mods, chances drawn, holding);
 *   blocks: lib/solver's layout, reachable cores x 64 modifier masks.
 * Both print the optimal value (22.2317718622) and the best of 5 timings,
 * allocation included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int SUM[8192], PC[8192], PLUS[64], DECK[13];

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static inline int score(int mask, int mods, int f7) {
  return ((mods & 32) ? 2 * SUM[mask] : SUM[mask]) + PLUS[mods & 31] + (f7 ? 15 : 0);
}

/* key = mask<<9 | mods<<3 | chances<<1 | u, u = 1 - holding: every Hit raises the key */
static double dense(void) {
  const int N = 1 << 22;
  double *V = calloc(N, sizeof(double));
  unsigned char *A = calloc(N, 1);
  for (int key = N - 1; key >= 0; key--) {
    int u = key & 1, c = (key >> 1) & 3, mods = (key >> 3) & 63, mask = key >> 9, h = 1 - u;
    if (h && c == 0) continue;
    int n = PC[mask];
    if (n >= 7) continue;
    int T = 88 - n - PC[mods] - c;
    double e = 0;
    for (int v = 0; v < 13; v++) {
      int bit = 1 << v;
      if (mask & bit) { if (h && v >= 2) e += (DECK[v] - 1) * V[key | 1]; }
      else if (n == 6) e += DECK[v] * (double)score(mask | bit, mods, 1);
      else e += DECK[v] * V[key + (bit << 9)];
    }
    for (int b = 0; b < 6; b++) if (!(mods & (1 << b))) e += V[key + (1 << (3 + b))];
    if (c < 3) e += (3 - c) * V[((key >> 1) + 1) << 1];
    double hit = e / T;
    int cur = score(mask, mods, 0);
    if (mask == 0 || hit > cur) { V[key] = hit; A[key] = 1; } else V[key] = cur;
  }
  double r = V[1];
  free(V);
  free(A);
  return r;
}

/* cores = (mask, chances, u) with popcount(mask) <= 6, numbered densely by rank */
static double blocks(void) {
  static int slotOf[1 << 16];
  static int cores[1 << 16];
  int n = 0;
  for (int key = 0; key < (1 << 16); key++) {
    int u = key & 1, c = (key >> 1) & 3, mask = key >> 3;
    slotOf[key] = -1;
    if (PC[mask] > 6 || (!u && c == 0)) continue;
    if (u && c > 0 && (mask & ~3) == 0) continue; /* a used chance needs a duplicable number */
    slotOf[key] = n;
    cores[n++] = key;
  }
  double *V = calloc((size_t)n * 64, sizeof(double));
  unsigned char *A = calloc((size_t)n * 64, 1);
  int nb[16];
  double nc[16], ext[64];
  for (int s = n - 1; s >= 0; s--) {
    int key = cores[s], u = key & 1, c = (key >> 1) & 3, mask = key >> 3;
    int k = PC[mask], m = 0, f7 = 0, f7sum = 0, total = 0;
    for (int v = 0; v < 13; v++) {
      int bit = 1 << v;
      if (!(mask & bit)) {
        total += DECK[v];
        if (k == 6) { f7 += DECK[v]; f7sum += DECK[v] * (SUM[mask] + v); }
        else { nb[m] = slotOf[key + (bit << 3)] * 64; nc[m++] = DECK[v]; }
      } else if (DECK[v] > 1) {
        total += DECK[v] - 1;
        if (!u) { nb[m] = slotOf[key | 1] * 64; nc[m++] = DECK[v] - 1; }
      }
    }
    if (c < 3) { nb[m] = slotOf[((key & ~1) + 2)] * 64; nc[m++] = 3 - c; total += 3 - c; }
    memset(ext, 0, sizeof ext);
    for (int j = 0; j < m; j++)
      for (int mods = 0; mods < 64; mods++) ext[mods] += nc[j] * V[nb[j] + mods];
    double *B = V + (size_t)s * 64;
    for (int mods = 63; mods >= 0; mods--) {
      int x2 = (mods & 32) ? 2 : 1, plus = PLUS[mods & 31], stay = x2 * SUM[mask] + plus;
      double e = ext[mods] + x2 * (double)f7sum + f7 * (double)(plus + 15);
      int cards = total;
      for (int b = 0; b < 6; b++) if (!(mods & (1 << b))) { e += B[mods | (1 << b)]; cards++; }
      double h = e / cards;
      if (h > stay || (key == 1 && mods == 0)) { B[mods] = h; A[(size_t)s * 64 + mods] = 1; }
      else B[mods] = stay;
    }
  }
  double r = V[(size_t)slotOf[1] * 64];
  free(V);
  free(A);
  return r;
}

int main(void) {
  DECK[0] = 1;
  for (int v = 1; v < 13; v++) DECK[v] = v;
  for (int m = 1; m < 8192; m++) {
    SUM[m] = SUM[m & (m - 1)] + __builtin_ctz(m);
    PC[m] = PC[m & (m - 1)] + 1;
  }
  for (int m = 0; m < 64; m++) {
    int s = 0;
    for (int b = 0; b < 5; b++) if (m & (1 << b)) s += (b + 1) * 2;
    PLUS[m] = s;
  }
  const char *names[2] = {"dense", "blocks"};
  for (int which = 0; which < 2; which++) {
    double best = 1e9, v = 0;
    for (int i = 0; i < 5; i++) {
      double t0 = now_ms();
      v = which ? blocks() : dense();
      double t = now_ms() - t0;
      if (t < best) best = t;
    }
    printf("%-6s value %.10f  best of 5: %.1f ms\n", names[which], v, best);
  }
  return 0;
}
