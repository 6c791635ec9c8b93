// The GenUIOpenAI module; its types arrive with the issue that builds it.
