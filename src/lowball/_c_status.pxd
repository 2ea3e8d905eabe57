# Declarations of csrc/status.h: the core's status codes and their text.

cdef extern from "status.h" nogil:
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
        LB_ERR_MEMORY
    const char *lb_status_str(lb_status status)
