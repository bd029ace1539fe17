#include <stdint.h>
#include <stddef.h>
#include <qrencode.h>
