#ifndef QUENCH_CZEROMQ_SHIM_H
#define QUENCH_CZEROMQ_SHIM_H
#include <zmq.h>
#endif
