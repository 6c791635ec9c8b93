// Registers GenUIFoundationModels' default model as the program starts.
//
// A Swift module runs no code when it is loaded, so this C target holds the one start-up hook: a constructor (run by
// the loader before main, like any ELF .init_array or Mach-O __mod_init_func entry) that calls the Swift function
// below, which registers the configured default chain with SystemLanguageModel.registerDefault. Linking the
// GenUIFoundationModels product links this target, so an app needs no setup call.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/// Defined in GenUIFoundationModels (`@_cdecl`): registers its DefaultModelRegistration.
void genui_register_default_model(void);

#ifdef __cplusplus
}
#endif
