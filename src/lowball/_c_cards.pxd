# Declarations of csrc/cards.h: the card encoding and the card parser.
from libc.stdint cimport uint8_t

from lowball._c_status cimport lb_status

cdef extern from "cards.h" nogil:
    int LB_NUM_CARDS
    lb_status lb_parse_card(const char *text, int len, uint8_t *card, int *used)
    void lb_format_card(uint8_t card, char out[2])
    lb_status lb_check_cards(const uint8_t *cards, int n)
