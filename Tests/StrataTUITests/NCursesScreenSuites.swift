import Testing

/// The suites that open an ncurses screen in the test process. ncurses has one current screen per process (`newterm`
/// and `set_term` switch it), so a screen opened by one suite while another reads keys made the reader read the
/// other's input (CI: WakeupTests waited three minutes for a key written to its pipe): they run one at a time.
@Suite(.serialized) enum NCursesScreenSuites {}
