// libxkbcommon (Debian's libxkbcommon-dev): keymaps from xkeyboard-config's RMLVO names, key
// state and keysym-to-UTF-8, for the on-screen keyboard's layouts and hardware keys.
#include <xkbcommon/xkbcommon.h>
