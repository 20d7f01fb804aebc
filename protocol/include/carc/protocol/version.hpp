#pragma once
// The protocol version a client states in `hello`; bump on any incompatible change of
// docs/protocol.md.

namespace carc::protocol {

inline constexpr int protocol_version = 1;

}  // namespace carc::protocol
