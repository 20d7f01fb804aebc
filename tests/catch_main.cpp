// The one Catch2 main of every C++ test executable.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
