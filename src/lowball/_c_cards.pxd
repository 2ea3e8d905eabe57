# Declarations of csrc/cards.h, shared by the Cython bindings (_core.pyx, _deck.pyx).
from libc.stdint cimport uint8_t

cdef extern from "cards.h" nogil:
    ctypedef enum lb_status:
        LB_OK
        LB_ERR_RANGE
        LB_ERR_DUPLICATE
        LB_ERR_PARSE
        LB_ERR_EXHAUSTED
        LB_ERR_NOT_HELD
        LB_ERR_TOO_MANY
        LB_ERR_TURN
        LB_ERR_SEAT
        LB_ERR_RANDOM
        LB_ERR_STATE
    lb_status lb_parse_card(const char *text, int len, uint8_t *card, int *used)
