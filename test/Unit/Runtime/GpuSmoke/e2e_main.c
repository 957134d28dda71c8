#include <stdint.h>
#include <stdio.h>
void run_bin(float *, float *, int64_t, int64_t, int64_t, int32_t *, int32_t *,
             int64_t, int64_t, int64_t);
void run_isa(float *, float *, int64_t, int64_t, int64_t, int32_t *, int32_t *,
             int64_t, int64_t, int64_t);
void run_loop_bin(float *, float *, int64_t, int64_t, int64_t, int64_t);
int main(void) {
  int failures = 0;
  for (int which = 0; which < 2; ++which) {
    float buf[256];
    int32_t out[8];
    for (int i = 0; i < 256; ++i)
      buf[i] = (float)i;
    (which ? run_isa : run_bin)(buf, buf, 0, 256, 1, out, out, 0, 8, 1);
    for (int i = 0; i < 256; ++i)
      if (buf[i] != (float)i + 1) {
        printf("FAIL %s add_one[%d] = %f\n", which ? "isa" : "bin", i, buf[i]);
        failures++;
        break;
      }
    for (int b = 0; b < 8; ++b)
      if (out[b] != (b % 2) + 2 * 256) {
        printf("FAIL %s cluster[%d] = %d\n", which ? "isa" : "bin", b, out[b]);
        failures++;
      }
    printf("e2e %s: %s\n", which ? "isa (PTX JIT)" : "bin (cubin)",
           failures ? "FAIL" : "ok");
  }
  {
    float buf[256];
    for (int i = 0; i < 256; ++i)
      buf[i] = (float)i;
    run_loop_bin(buf, buf, 0, 256, 1, 50);
    int bad = 0;
    for (int i = 0; i < 256; ++i)
      if (buf[i] != (float)i + 50) {
        printf("FAIL loop add_one[%d] = %f\n", i, buf[i]);
        bad = 1;
        break;
      }
    failures += bad;
    printf("e2e loop-carried token (50 launches): %s\n", bad ? "FAIL" : "ok");
  }
  return failures ? 1 : 0;
}
