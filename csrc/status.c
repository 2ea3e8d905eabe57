#include "status.h"

const char *lb_status_str(lb_status status) {
    switch (status) {
    case LB_OK:
        return "ok";
    case LB_ERR_RANGE:
        return "card out of range";
    case LB_ERR_DUPLICATE:
        return "card repeated";
    case LB_ERR_PARSE:
        return "not a card";
    case LB_ERR_EXHAUSTED:
        return "not enough cards";
    case LB_ERR_NOT_HELD:
        return "card not held";
    case LB_ERR_TOO_MANY:
        return "too many cards";
    case LB_ERR_TURN:
        return "out of turn";
    case LB_ERR_SEAT:
        return "bad position";
    case LB_ERR_RANDOM:
        return "random source failed";
    case LB_ERR_STATE:
        return "inconsistent deck state";
    case LB_ERR_MEMORY:
        return "out of memory";
    }
    return "unknown status";
}
