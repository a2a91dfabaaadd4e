#!/usr/bin/env python3
"""Unit tests of run_conformance.py's classification and known.txt rules,
on made-up launch outputs (no ompx needed): ctest conformance-runner."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_conformance as rc  # noqa: E402

RAN = 'ompx-lsp: [run] program on the host\n'


def program(*checks):
    return rc.Program('p', 'p.f90', list(checks))


class Classify(unittest.TestCase):
    def test_ok_fail_and_missing_lines(self):
        prog = program('a', 'b', 'c')
        rc.classify(prog, 'host', 0, 'a: ok\nb: FAIL got 1 expected 2\n', RAN, '/w')
        self.assertEqual(prog.results[('a', 'host')].status, 'right')
        self.assertEqual(prog.results[('b', 'host')].status, 'wrong')
        self.assertEqual(prog.results[('b', 'host')].reason, 'FAIL got 1 expected 2')
        self.assertEqual(prog.results[('c', 'host')].status, 'wrong')
        self.assertIn('no line for the check (exit 0)', prog.results[('c', 'host')].reason)

    def test_crash_after_every_check_is_wrong(self):
        prog = program('a')
        err = RAN + 'ompx-lsp: error: [run] the program crashed (Segmentation fault)\n'
        rc.classify(prog, 'host', 1, 'a: ok\n', err, '/w')
        self.assertEqual(prog.results[('a', 'host')].status, 'right')
        self.assertEqual(prog.results[('<exit>', 'host')].status, 'wrong')
        self.assertIn('crashed', prog.results[('<exit>', 'host')].reason)

    def test_run_time_refusal_refuses_the_checks_after_it(self):
        prog = program('a', 'b')
        err = (RAN + "fatal Fortran runtime error: ompx: the map of 'x' at p.f90:9 is of a "
               'non-contiguous array\nompx-lsp: error: [run] the program crashed (Aborted)\n')
        rc.classify(prog, 'host-offload', 1, 'a: ok\n', err, '/w')
        self.assertEqual(prog.results[('a', 'host-offload')].status, 'right')
        b = prog.results[('b', 'host-offload')]
        self.assertEqual(b.status, 'refused')
        self.assertIn("at run time: ompx: the map of 'x' at p.f90:9", b.reason)
        self.assertNotIn(('<exit>', 'host-offload'), prog.results)

    def test_run_time_refusal_with_the_source_line(self):
        prog = program('a', 'b')
        err = (RAN + "fatal Fortran runtime error(p.f90:18): ompx: the map of 'x' at "
               'p.f90:18 is of a non-contiguous array\n')
        rc.classify(prog, 'host-offload', 1, 'a: ok\n', err, '/w')
        b = prog.results[('b', 'host-offload')]
        self.assertEqual(b.status, 'refused')
        self.assertIn("at run time: ompx: the map of 'x' at p.f90:18", b.reason)

    def test_build_refusal_refuses_every_check(self):
        prog = program('a', 'b')
        prog.check_findings = ['/w/p.hlfir.mlir:3:5: warning: acc-to-omp: the self clause is not lowered; x']
        err = ('ompx-lsp: [parse] /w/p.hlfir.mlir\n'
               '/w/p.f90:11:9: error: [parse] acc-to-omp: the self clause is not lowered\n')
        rc.classify(prog, 'host-offload', 3, '', err, '/w')
        for check in ('a', 'b'):
            result = prog.results[(check, 'host-offload')]
            self.assertEqual(result.status, 'refused')
            self.assertEqual(result.reason,
                             'p.f90:11:9: error: [parse] acc-to-omp: the self clause is not lowered')
            self.assertEqual(result.predicted, 'same')

    def test_unpredicted_refusal_and_other_exit_before_run(self):
        prog = program('a')
        rc.classify(prog, 'host', 3, '', 'p.f90:1:1: error: [parse] invalid IR\n', '/w')
        self.assertEqual(prog.results[('a', 'host')].predicted, 'silent')
        rc.classify(prog, 'host-offload', 124, '', 'ompx-lsp: [codegen] x\n', '/w')
        self.assertEqual(prog.results[('a', 'host-offload')].status, 'wrong')


class Known(unittest.TestCase):
    def known(self, text):
        with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
            f.write(text)
        try:
            return rc.read_known(f.name)
        finally:
            os.unlink(f.name)

    def test_listed_wrong_is_known_and_gone_one_is_an_error(self):
        prog = program('a', 'b')
        rc.classify(prog, 'host', 0, 'a: FAIL got 0 expected 1\nb: ok\n', RAN, '/w')
        entries = self.known('# comment\np a host wrong why a\np b host wrong fixed since\n')
        errors = rc.apply_known([prog], entries, ['host'], 'known.txt')
        self.assertEqual(prog.results[('a', 'host')].known, 'why a')
        self.assertEqual(errors, ['known.txt:3: p b host: expected wrong, now right '
                                  '(update known.txt)'])

    def test_star_and_devices_not_run(self):
        prog = program('a', 'b')
        rc.classify(prog, 'host', 0, 'a: FAIL x\n', RAN, '/w')
        entries = self.known('p * host wrong both\np a host-offload wrong not run now\n')
        self.assertEqual(rc.apply_known([prog], entries, ['host'], 'k'), [])
        self.assertEqual(prog.results[('b', 'host')].known, 'both')

    def test_malformed_line(self):
        with self.assertRaises(SystemExit):
            self.known('p a host broken why\n')


if __name__ == '__main__':
    unittest.main()
