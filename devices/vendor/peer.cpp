// Chooses the vendor BLAS peer by the device's backend.
#include "devices/vendor/peer.hpp"

#include <stdexcept>
#include <utility>

namespace kt::devices::vendor {

std::unique_ptr<BlasPeer> makeClblastPeer(Device& device, std::string* why);
std::unique_ptr<BlasPeer> makeCublasPeer(Device& device, const PeerOptions& options, std::string* why);

std::vector<std::string> BlasPeer::routines() const {
    std::vector<std::string> out;
    for (const auto& r : blas::knownRoutines())
        if (supports(r)) out.push_back(r);
    return out;
}

void checkBlasCall(const BlasCall& call, const BlasOperands& operands) {
    if (auto why = blas::invalidReason(call, operands); !why.empty()) throw std::invalid_argument(why);
    const std::pair<blas::Operand, const BlasOperand*> all[] = {
        {blas::Operand::A, &operands.a}, {blas::Operand::B, &operands.b}, {blas::Operand::C, &operands.c}};
    for (const auto& [which, operand] : all) {
        const auto need = blas::bytesExtent(call, which, *operand);
        if (need > 0 && operand->buffer && std::size_t(need) > operand->buffer->bytes())
            throw std::invalid_argument(call.describe() + ": operand " + "ABC"[int(which)] + " needs " +
                                        std::to_string(need) + " bytes (offset, ld and batch included), its buffer has " +
                                        std::to_string(operand->buffer->bytes()));
    }
}

std::unique_ptr<BlasPeer> makeBlasPeer(Device& device, const PeerOptions& options, std::string* why) {
    switch (device.info().backend) {
    case BackendKind::OpenCL: return makeClblastPeer(device, why);
    case BackendKind::Cuda: return makeCublasPeer(device, options, why);
    case BackendKind::Simulated: break;
    }
    if (why) *why = "no vendor library for " + toString(device.info().backend) + " devices";
    return nullptr;
}

} // namespace kt::devices::vendor
