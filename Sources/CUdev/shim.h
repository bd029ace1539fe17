#include <stdint.h>
#include <stddef.h>
#include <libudev.h>
