#pragma once
// An exact rational number for tournament points and tie-breaks. Tables of 3 or 4 share a
// point in thirds or quarters; in floating point 1/3 + 2/3 + 1 is not 2, so players with equal
// scores would never share a rank. Kept in lowest terms with a positive denominator, so equal
// values have equal numerators and denominators.

#include <compare>
#include <concepts>
#include <numeric>
#include <stdexcept>

namespace carc::competition {

class Fraction {
public:
    constexpr Fraction() = default;
    // Whole numbers convert implicitly; a double does not (it is what this type replaces).
    template <std::integral T>
    constexpr Fraction(T whole) : num_(static_cast<long>(whole)) {}  // NOLINT(google-explicit-constructor)
    constexpr Fraction(long num, long den) : num_(num), den_(den) {
        if (den == 0) throw std::invalid_argument("a fraction cannot have a zero denominator");
        normalise();
    }

    constexpr long numerator() const { return num_; }
    constexpr long denominator() const { return den_; }
    constexpr double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }

    constexpr Fraction& operator+=(const Fraction& o) { return *this = *this + o; }
    friend constexpr Fraction operator+(const Fraction& a, const Fraction& b) {
        const long g = std::gcd(a.den_, b.den_);
        return Fraction(a.num_ * (b.den_ / g) + b.num_ * (a.den_ / g), a.den_ / g * b.den_);
    }
    friend constexpr Fraction operator*(const Fraction& a, const Fraction& b) {
        return Fraction(a.num_ * b.num_, a.den_ * b.den_);
    }
    friend constexpr Fraction operator/(const Fraction& a, long divisor) {
        return Fraction(a.num_, a.den_ * divisor);
    }
    friend constexpr bool operator==(const Fraction& a, const Fraction& b) = default;
    friend constexpr std::strong_ordering operator<=>(const Fraction& a, const Fraction& b) {
        // Denominators are positive, so cross-multiplying keeps the order.
        return Wide{a.num_} * b.den_ <=> Wide{b.num_} * a.den_;
    }

private:
    __extension__ using Wide = __int128;  // the cross products cannot overflow

    constexpr void normalise() {
        if (den_ < 0) num_ = -num_, den_ = -den_;
        const long g = std::gcd(num_, den_);
        if (g > 1) num_ /= g, den_ /= g;
    }

    long num_ = 0;
    long den_ = 1;
};

}  // namespace carc::competition
