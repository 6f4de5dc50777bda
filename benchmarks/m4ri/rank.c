/* M4RI reference for benchmarks/m4ri/compare.py: rank and kernel of GF(2) press matrices.
 *
 * Usage: rank REPEATS MATRIX...   where each MATRIX file holds "n nnz" then nnz lines "row col"
 * (0-based non-zeros of an n x n matrix over GF(2)). For each file, prints one line:
 *   <file> <n> <rank> <nullity> <seconds for the echelon form> <seconds for rank + kernel>
 * Times are the best of REPEATS runs; reading the file is not timed.
 * Build: cc -O2 rank.c $(pkg-config --cflags --libs m4ri) -o rank
 */
#include <m4ri/m4ri.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static mzd_t *read_matrix(const char *path) {
  FILE *f = fopen(path, "r");
  long n, nnz, i, r, c;
  if (!f || fscanf(f, "%ld %ld", &n, &nnz) != 2) {
    fprintf(stderr, "rank: cannot read %s\n", path);
    exit(2);
  }
  mzd_t *a = mzd_init(n, n);
  for (i = 0; i < nnz; i++) {
    if (fscanf(f, "%ld %ld", &r, &c) != 2 || r < 0 || c < 0 || r >= n || c >= n) {
      fprintf(stderr, "rank: bad entry %ld in %s\n", i, path);
      exit(2);
    }
    mzd_write_bit(a, r, c, 1);
  }
  fclose(f);
  return a;
}

int main(int argc, char **argv) {
  int repeats = argc > 1 ? atoi(argv[1]) : 0;
  if (repeats < 1) {
    fprintf(stderr, "usage: rank REPEATS MATRIX...\n");
    return 2;
  }
  for (int k = 2; k < argc; k++) {
    mzd_t *a = read_matrix(argv[k]);
    double best_echelon = 1e30, best_kernel = 1e30;
    rci_t rank = 0, nullity = 0;
    for (int rep = 0; rep < repeats; rep++) {
      mzd_t *copy = mzd_copy(NULL, a);
      double t = now();
      rank = mzd_echelonize(copy, 0);
      t = now() - t;
      if (t < best_echelon) best_echelon = t;
      mzd_free(copy);
      copy = mzd_copy(NULL, a);
      t = now();
      mzd_t *x = mzd_kernel_left_pluq(copy, 0);
      t = now() - t;
      if (t < best_kernel) best_kernel = t;
      nullity = x ? x->ncols : 0;
      if (x) mzd_free(x);
      mzd_free(copy);
    }
    printf("%s %d %d %d %.6f %.6f\n", argv[k], a->nrows, rank, nullity, best_echelon,
           best_kernel);
    fflush(stdout);
    mzd_free(a);
  }
  return 0;
}
