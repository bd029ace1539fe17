#include <stdint.h>
#include <stddef.h>
#include <turbojpeg.h>
