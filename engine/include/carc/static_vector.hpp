#pragma once
// A vector with fixed inline capacity: no heap, so the State that holds several stays a cheap
// value. Copies move only the used prefix.

#include <array>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace carc {

template <typename T, std::size_t Capacity>
class StaticVector {
    static_assert(std::is_trivially_copyable_v<T>);

public:
    // The items are left uninitialised (the union): a fresh vector costs nothing however large
    // its capacity, which matters for the scratch lists built on every turn.
    StaticVector() {}
    StaticVector(const StaticVector& other) : size_(other.size_) {
        std::memcpy(static_cast<void*>(items_), other.items_, size_ * sizeof(T));
    }
    StaticVector& operator=(const StaticVector& other) {
        size_ = other.size_;
        std::memmove(static_cast<void*>(items_), other.items_, size_ * sizeof(T));
        return *this;
    }

    static constexpr std::size_t capacity() { return Capacity; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool full() const { return size_ == Capacity; }

    T& operator[](std::size_t i) { assert(i < size_); return items_[i]; }
    const T& operator[](std::size_t i) const { assert(i < size_); return items_[i]; }
    T& back() { return items_[size_ - 1]; }
    const T& back() const { return items_[size_ - 1]; }
    T* begin() { return items_; }
    T* end() { return items_ + size_; }
    const T* begin() const { return items_; }
    const T* end() const { return items_ + size_; }
    T* data() { return items_; }
    const T* data() const { return items_; }

    void push_back(const T& value) { assert(size_ < Capacity); items_[size_++] = value; }
    void pop_back() { assert(size_ > 0); --size_; }
    void clear() { size_ = 0; }
    void resize(std::size_t n) { assert(n <= Capacity); size_ = static_cast<SizeType>(n); }
    // Removes element i by moving the last one into its place (order not kept).
    void swap_remove(std::size_t i) { items_[i] = items_[size_ - 1]; --size_; }
    void erase_at(std::size_t i) {
        std::memmove(static_cast<void*>(items_ + i), items_ + i + 1, (size_ - i - 1) * sizeof(T));
        --size_;
    }

    friend bool operator==(const StaticVector& a, const StaticVector& b) {
        if (a.size_ != b.size_) return false;
        for (std::size_t i = 0; i < a.size_; ++i)
            if (!(a.items_[i] == b.items_[i])) return false;
        return true;
    }

private:
    using SizeType = std::conditional_t<(Capacity < 65536), std::uint16_t, std::uint32_t>;
    SizeType size_ = 0;
    union {
        T items_[Capacity];
    };
};

}  // namespace carc
