#include "moderation/admin_socket.hpp"

#include <sys/stat.h>

#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "base/blocking_pool.hpp"
#include "moderation/admin_commands.hpp"
#include "util/wall_clock.hpp"

namespace carc::server::moderation {

namespace net = boost::asio;
using local = net::local::stream_protocol;
using nlohmann::json;

namespace {
constexpr std::size_t max_command_bytes = 64 * 1024;
}

struct admin_socket::impl : std::enable_shared_from_this<impl> {
    impl(net::io_context& ioc, blocking_pool& work_pool, const storage::Stores& all, std::filesystem::path at)
        : acceptor(ioc), pool(work_pool), stores(all), path(std::move(at)) {}

    local::acceptor acceptor;
    blocking_pool& pool;
    const storage::Stores& stores;
    std::filesystem::path path;

    void accept() {
        acceptor.async_accept([self = shared_from_this()](boost::system::error_code ec, local::socket socket) {
            if (ec) return;  // stopped
            serve(std::make_shared<local::socket>(std::move(socket)), self);
            self->accept();
        });
    }

    static void serve(std::shared_ptr<local::socket> socket, std::shared_ptr<impl> self) {
        auto buffer = std::make_shared<net::streambuf>(max_command_bytes);
        net::async_read_until(*socket, *buffer, '\n', [socket, buffer, self](boost::system::error_code ec, std::size_t) {
            if (ec) return;  // closed, or longer than any command
            std::string line{net::buffers_begin(buffer->data()), net::buffers_end(buffer->data())};
            self->pool.post([socket, self, line = std::move(line)] {
                admin_outcome outcome;
                const json request = json::parse(line, nullptr, false);
                if (!request.is_object() || !request.contains("args") || !request["args"].is_array() ||
                    !request.value("operator", json()).is_string()) {
                    outcome = {2, "", "the server could not read the command\n"};
                } else {
                    std::vector<std::string> args;
                    for (const auto& a : request["args"])
                        if (a.is_string()) args.push_back(a.get<std::string>());
                    outcome = run_admin_command(self->stores, args, request["operator"].get<std::string>(), unix_ms());
                }
                spdlog::info("event=admin_command exit={}", outcome.exit_code);
                auto answer = std::make_shared<std::string>(
                    json{{"exit", outcome.exit_code}, {"out", outcome.out}, {"err", outcome.err}}.dump() + "\n");
                net::async_write(*socket, net::buffer(*answer),
                                 [socket, answer](boost::system::error_code, std::size_t) { socket->close(); });
            });
        });
    }
};

admin_socket::admin_socket(net::io_context& ioc, blocking_pool& pool, const storage::Stores& stores,
                           std::filesystem::path path)
    : impl_(std::make_shared<impl>(ioc, pool, stores, std::move(path))) {
    std::error_code removed;
    std::filesystem::remove(impl_->path, removed);  // a crashed server's file; the data lock is ours
    impl_->acceptor.open(local());
    impl_->acceptor.bind(local::endpoint(impl_->path.string()));
    ::chmod(impl_->path.c_str(), 0600);  // the operator's account only
    impl_->acceptor.listen();
    impl_->accept();
    spdlog::info("event=admin_socket path={}", impl_->path.string());
}

admin_socket::~admin_socket() { stop(); }

void admin_socket::stop() {
    if (!impl_) return;
    net::post(impl_->acceptor.get_executor(), [i = impl_] {
        boost::system::error_code ignored;
        i->acceptor.close(ignored);
    });
    std::error_code removed;
    std::filesystem::remove(impl_->path, removed);
    impl_.reset();
}

}  // namespace carc::server::moderation
