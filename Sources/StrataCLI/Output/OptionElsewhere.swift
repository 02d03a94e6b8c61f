import ArgumentParser

/// An option given to a command that does not take it, said with the commands that do: ArgumentParser guesses a
/// similar option of the command given (`rows … --plan` as "Did you mean '--json'?"), which sends a newcomer the
/// wrong way when the option belongs to another command.
enum OptionElsewhere {
    /// `message` (ArgumentParser's usage error) with its guess replaced by the commands taking the unknown option,
    /// when any does; unchanged otherwise.
    static func explained(_ message: String, root: any ParsableCommand.Type) -> String {
        let prefix = "Error: Unknown option '"
        guard message.hasPrefix(prefix),
            let end = message.dropFirst(prefix.count).firstIndex(of: "'")
        else { return message }
        let option = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end])
        let takers = commands(taking: option, root: root)
        guard !takers.isEmpty, let lineEnd = message.firstIndex(of: "\n") else { return message }
        return "\(prefix)\(option)' (an option of \(takers.joined(separator: ", ")))\(message[lineEnd...])"
    }

    /// The names of the root's subcommands whose options include `option` (`--plan`, `-p`), in `--help`'s order.
    static func commands(taking option: String, root: any ParsableCommand.Type) -> [String] {
        root.configuration.subcommands.compactMap { command in
            let name = command.configuration.commandName ?? "\(command)"
            let help = root.helpMessage(for: command, columns: 10_000)
            return help.split(whereSeparator: \.isNewline).contains { line in
                line.drop { $0 == " " }.hasPrefix("-")
                    && line.split(separator: " ").contains { word in
                        word.trimmingCharacters(in: [","]) == option || word.hasPrefix(option + "=")
                    }
            } ? name : nil
        }
    }
}
