// The translation unit that owns the precompiled header (AsyncCopyPCH.h).
