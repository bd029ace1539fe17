#include <stdint.h>
#include <stddef.h>
#include <yaml.h>
