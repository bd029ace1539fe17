#include <stdint.h>
#include <stddef.h>
#include <libinput.h>
