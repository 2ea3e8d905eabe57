#include "cards.h"

static const char RANK_CHARS[] = "23456789TJQKA";
static const char SUIT_CHARS[] = "cdhs";

static int rank_of(char ch) {
    switch (ch) {
    case '2':
        return 0;
    case '3':
        return 1;
    case '4':
        return 2;
    case '5':
        return 3;
    case '6':
        return 4;
    case '7':
        return 5;
    case '8':
        return 6;
    case '9':
        return 7;
    case 'T':
    case 't':
        return 8;
    case 'J':
    case 'j':
        return 9;
    case 'Q':
    case 'q':
        return 10;
    case 'K':
    case 'k':
        return 11;
    case 'A':
    case 'a':
        return 12;
    default:
        return -1;
    }
}

static int suit_of(char ch) {
    switch (ch) {
    case 'c':
    case 'C':
        return 0;
    case 'd':
    case 'D':
        return 1;
    case 'h':
    case 'H':
        return 2;
    case 's':
    case 'S':
        return 3;
    default:
        return -1;
    }
}

lb_status lb_parse_card(const char *text, int len, uint8_t *card, int *used) {
    int rank, skip = 1, suit;
    if (len < 2) return LB_ERR_PARSE;
    if (text[0] == '1' && text[1] == '0') {
        rank = 8;
        skip = 2;
        if (len < 3) return LB_ERR_PARSE;
    } else {
        rank = rank_of(text[0]);
    }
    if (rank < 0) return LB_ERR_PARSE;
    suit = suit_of(text[skip]);
    if (suit < 0) return LB_ERR_PARSE;
    *card = LB_CARD(rank, suit);
    *used = skip + 1;
    return LB_OK;
}

void lb_format_card(uint8_t card, char out[2]) {
    out[0] = RANK_CHARS[LB_RANK(card)];
    out[1] = SUIT_CHARS[LB_SUIT(card)];
}

lb_status lb_check_cards(const uint8_t *cards, int n) {
    uint64_t seen = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (cards[i] >= LB_NUM_CARDS) return LB_ERR_RANGE;
    }
    for (i = 0; i < n; i++) {
        uint64_t bit = (uint64_t)1 << cards[i];
        if (seen & bit) return LB_ERR_DUPLICATE;
        seen |= bit;
    }
    return LB_OK;
}

int64_t lb_first_bad_row(const uint8_t *cards, size_t start, size_t end, int width,
                         lb_status *status) {
    size_t i;
    for (i = start; i < end; i++) {
        lb_status st = lb_check_cards(cards + (size_t)width * i, width);
        if (st != LB_OK) {
            *status = st;
            return (int64_t)i;
        }
    }
    return -1;
}
