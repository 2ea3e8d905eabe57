# Declarations of csrc/eval27.h: the 2-7 evaluator.
from libc.stdint cimport uint8_t, uint16_t, int64_t

from lowball._c_status cimport lb_status

cdef extern from "eval27.h" nogil:
    uint16_t lb_eval5_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3, uint8_t c4)
    uint16_t lb_eval5(const uint8_t cards[5], lb_status *status)
    int64_t lb_eval5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                           lb_status *status)
    void lb_eval_all(uint16_t *out)
    int lb_category(int cls)
    int LB_NUM_CLASSES
    int LB_NUM_HANDS
