# Declarations of csrc/eval_a5.h and csrc/eval_badugi.h: the ace-to-five and badugi evaluators.
from libc.stdint cimport uint8_t, uint16_t, int64_t

from lowball._c_status cimport lb_status

cdef extern from "eval_a5.h" nogil:
    uint16_t lb_eval_a5_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3, uint8_t c4)
    int64_t lb_eval_a5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                             lb_status *status)
    void lb_eval_a5_all(uint16_t *out)
    int lb_category_a5(int cls)
    int LB_A5_NUM_CLASSES

cdef extern from "eval_badugi.h" nogil:
    uint16_t lb_eval_badugi_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3)
    int64_t lb_eval_badugi_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                                 lb_status *status)
    void lb_eval_badugi_all(uint16_t *out)
    int lb_badugi_cards(int cls)
    int LB_BADUGI_NUM_CLASSES
    int LB_BADUGI_NUM_HANDS
