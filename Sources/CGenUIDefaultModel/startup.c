#include "CGenUIDefaultModel.h"

// Runs once, before main. Only registers a type: the model itself is built on the first use of
// SystemLanguageModel.default, when the program is fully started.
__attribute__((constructor)) static void genui_default_model_startup(void) {
    genui_register_default_model();
}
