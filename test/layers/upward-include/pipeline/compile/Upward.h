// Checked by the `layers-upward` test, which expects check_layers.py to
// refuse this include: the compile room sits below the launcher.
#include "pipeline/launch/Launch.h"
