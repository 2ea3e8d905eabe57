# Declarations of csrc/tables.h: the evaluator's generated lookup tables.
from libc.stdint cimport uint16_t, uint64_t

cdef extern from "tables.h" nogil:
    const uint64_t lb_card_key[256]
    const uint16_t lb_disp[]
    const uint16_t lb_class[]
    int LB_DISP_ROWS
    int LB_CLASS_CELLS
    int LB_COL_BITS
    unsigned long long LB_SUIT_BIAS
    unsigned long long LB_FLUSH_BITS
    unsigned long long LB_RANK_MASK
