// The GenUIRouter module; its types arrive with the issue that builds it.
