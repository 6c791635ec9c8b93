// Functions shared between the shim's files; not part of the module's interface.
#pragma once
#include <sys/types.h>

void genui_register_group(pid_t pgid);
void genui_install_cleanup_handlers(void);
