import Foundation

/// Whether the standard CI environment says the job checks a pull request from another repository, whose sources
/// nobody on the team asked to run: the compiled level is then never entered implicitly (only `--compiled` or
/// `STRATA_TRUST_SOURCES=1` enter it).
///
/// GitHub Actions: `GITHUB_EVENT_NAME` is `pull_request`, `pull_request_target`, `pull_request_review` or
/// `pull_request_review_comment`, and the event's JSON (`GITHUB_EVENT_PATH`) names a head repository
/// (`pull_request.head.repo.full_name`) other than the base (`pull_request.base.repo.full_name`, else
/// `repository.full_name`); when either cannot be read, the pull request counts as from another repository.
/// GitLab CI: `CI_MERGE_REQUEST_SOURCE_PROJECT_ID` differs from `CI_MERGE_REQUEST_PROJECT_ID`.
enum UntrustedSources {
    /// The GitHub events that run a pull request's code.
    static let pullRequestEvents = [
        "pull_request", "pull_request_target", "pull_request_review", "pull_request_review_comment",
    ]

    /// Why `environment` says the sources come from another repository ("this job checks pull request #12 from
    /// someone/fork into team/app (GITHUB_EVENT_NAME=pull_request)"), or nil when it does not, or when
    /// `STRATA_TRUST_SOURCES` is set (to anything but "" or "0").
    static func reason(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let trust = environment["STRATA_TRUST_SOURCES"] ?? ""
        if !trust.isEmpty && trust != "0" { return nil }
        if let event = environment["GITHUB_EVENT_NAME"], pullRequestEvents.contains(event) {
            return github(event: event, path: environment["GITHUB_EVENT_PATH"])
        }
        if let source = environment["CI_MERGE_REQUEST_SOURCE_PROJECT_ID"],
            let project = environment["CI_MERGE_REQUEST_PROJECT_ID"], source != project
        {
            return
                "this job checks a merge request from project \(source) into project \(project) (CI_MERGE_REQUEST_SOURCE_PROJECT_ID)"
        }
        return nil
    }

    /// The reason for a GitHub pull-request `event` whose JSON is at `path`; nil when head and base are one
    /// repository.
    private static func github(event: String, path: String?) -> String? {
        let unknown = "this job checks a pull request (GITHUB_EVENT_NAME=\(event)) whose head repository"
        guard let path, let data = try? Data(contentsOf: URL(fileURLWithPath: path)), data.count < 64 << 20,
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return "\(unknown) cannot be read (GITHUB_EVENT_PATH \(path ?? "unset"))" }
        let pullRequest = json["pull_request"] as? [String: Any]
        let head = fullName(pullRequest?["head"])
        let base = fullName(pullRequest?["base"]) ?? ((json["repository"] as? [String: Any])?["full_name"] as? String)
        guard let head, let base else { return "\(unknown) or base repository is not named in \(path)" }
        guard head != base else { return nil }
        let number = (pullRequest?["number"] as? Int).map { " #\($0)" } ?? ""
        return "this job checks pull request\(number) from \(head) into \(base) (GITHUB_EVENT_NAME=\(event))"
    }

    /// `repo.full_name` of a pull request's `head` or `base`.
    private static func fullName(_ side: Any?) -> String? {
        ((side as? [String: Any])?["repo"] as? [String: Any])?["full_name"] as? String
    }
}
