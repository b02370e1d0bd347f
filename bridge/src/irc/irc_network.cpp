#include "irc_network.hpp"

#include "irc_session.hpp"

namespace niagara::bridge {

IrcNetwork::IrcNetwork(boost::asio::io_context& io, IrcSettings settings)
    : session_(std::make_shared<irc::IrcSession>(io, std::move(settings))) {}

// The session may outlive this (its pending handlers hold it); stopped, it reports nothing.
IrcNetwork::~IrcNetwork() {
    session_->stop();
}

void IrcNetwork::start(ChatEvents& events) {
    session_->start(events);
}
void IrcNetwork::stop() {
    session_->stop();
}
void IrcNetwork::say(const std::string& channel, const std::string& line) {
    session_->say(channel, line);
}
void IrcNetwork::announce(const std::string& channel, const std::string& line) {
    session_->announce(channel, line);
}
void IrcNetwork::tell(const std::string& user_key, const std::string& line) {
    session_->tell(user_key, line);
}
void IrcNetwork::set_timing(const IrcTiming& timing) {
    session_->set_timing(timing);
}

bool IrcNetwork::ready() const {
    return session_->ready();
}
std::string IrcNetwork::self_nick() const {
    return session_->self_nick();
}
std::size_t IrcNetwork::lines_sent() const {
    return session_->lines_sent();
}
std::size_t IrcNetwork::messages_sent() const {
    return session_->messages_sent();
}
std::size_t IrcNetwork::messages_dropped() const {
    return session_->messages_dropped();
}
std::size_t IrcNetwork::messages_waiting() const {
    return session_->messages_waiting();
}
std::size_t IrcNetwork::connect_attempts() const {
    return session_->connect_attempts();
}
std::size_t IrcNetwork::logins() const {
    return session_->logins();
}

}  // namespace niagara::bridge
