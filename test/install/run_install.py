#!/usr/bin/env python3
"""The install users take, tried as they would (issue 37).

1. `cmake --install BUILD --prefix SCRATCH/prefix`: the installed ompx-lsp
   prints its version and commit, checks a file, and launches a program on
   host-offload whose run path is the prefix's own OpenMP runtime copy (not
   the build tree's, not the system's), and one that uses ompx's openacc
   module.
2. `cpack -G DEB`: the package's Depends names each LLVM 22 package with the
   exact version installed here; dpkg installs it into a scratch root (its own
   dpkg database), the installed ompx-lsp runs there the same way, and dpkg
   removes it leaving none of its files.

Usage: run_install.py --build BUILD [--keep DIR]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEPENDS = ['libllvm22', 'libmlir-22', 'flang-22', 'clang-22', 'clang-tools-22',
           'lld-22']


class Failure(Exception):
    pass


def run(cmd, cwd=None, check=True):
    proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True,
                          errors='replace', timeout=900)
    if check and proc.returncode != 0:
        raise Failure(f'{" ".join(cmd)} exited {proc.returncode}:\n'
                      f'{proc.stdout[-3000:]}')
    return proc


def expect(cond, what):
    if not cond:
        raise Failure(what)
    print(f'ok: {what}')


def try_installed(prefix, scratch, label):
    """The checks every install passes; `prefix` holds bin/ompx-lsp."""
    exe = os.path.join(prefix, 'bin', 'ompx-lsp')
    version = run([exe, '--version']).stdout
    expect(re.search(r'^ompx-lsp \d+\.\d+\.\d+ \(commit [0-9a-f]{7,}'
                     r'(-dirty)?; LLVM/MLIR 22\.', version, re.M),
           f'{label}: --version names ompx, its commit and LLVM 22: '
           f'{version.strip()}')
    check = run([exe, '--check', os.path.join(REPO, 'examples', 'errors.mlir')],
                check=False)
    expect(check.returncode == 1 and
           'errors.mlir:4:19: error: use of value' in check.stdout,
           f'{label}: --check reports examples/errors.mlir\'s errors (exit 1)')
    keep = os.path.join(scratch, label + '-keep')
    launch = run([exe, 'launch',
                  os.path.join(REPO, 'examples', 'launch', 'saxpy.hlfir.mlir'),
                  '--device=host-offload', '--keep=' + keep], cwd=scratch,
                 check=False)
    expect(launch.returncode == 0 and 'saxpy: ok' in launch.stdout,
           f'{label}: a host-offload launch runs and prints "saxpy: ok"'
           + ('' if launch.returncode == 0 else '\n' + launch.stdout[-2000:]))
    dyn = run(['readelf', '-d', os.path.join(keep, 'program')]).stdout
    runpath = re.search(r'RUNPATH.*\[(.*)\]', dyn)
    own = os.path.join(prefix, 'lib', 'ompx', 'runtime')
    expect(runpath and all(p.startswith(own)
                           for p in runpath.group(1).split(':')),
           f'{label}: the program loads the installed runtime copies '
           f'({runpath.group(1) if runpath else "no RUNPATH"})')
    for lib in ('llvm-19/libomp.so.5', 'llvm-22/libomptarget.so.22.1'):
        expect(os.path.isfile(os.path.join(own, lib)),
               f'{label}: installed {lib}')
    # ompx's openacc module: `use openacc` finds the installed one.
    for f in ('modules/openacc.mod', 'libompx-openacc.a'):
        expect(os.path.isfile(os.path.join(prefix, 'lib', 'ompx', f)),
               f'{label}: installed lib/ompx/{f}')
    acc = run([exe, 'launch',
               os.path.join(REPO, 'test', 'launch', 'Inputs', 'openacc-module',
                            'acc_api.f90'), '--device=host-offload'],
              cwd=scratch, check=False)
    expect(acc.returncode == 0 and
           'region on host (all/any), not_host (all/any): FFTT' in acc.stdout,
           f'{label}: a program that uses openacc runs on host-offload'
           + ('' if acc.returncode == 0 else '\n' + acc.stdout[-2000:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', required=True)
    ap.add_argument('--keep', help='work in DIR and keep it')
    opts = ap.parse_args()
    build = os.path.abspath(opts.build)
    scratch = opts.keep or tempfile.mkdtemp(prefix='ompx-install-')
    os.makedirs(scratch, exist_ok=True)
    try:
        prefix = os.path.join(scratch, 'prefix')
        run(['cmake', '--install', build, '--prefix', prefix])
        try_installed(prefix, scratch, 'cmake --install')

        run(['cpack', '-G', 'DEB', '--config',
             os.path.join(build, 'CPackConfig.cmake'), '-B',
             os.path.join(scratch, 'package')])
        debs = [f for f in os.listdir(os.path.join(scratch, 'package'))
                if re.fullmatch(r'ompx_\d+\.\d+\.\d+_amd64\.deb', f)]
        expect(len(debs) == 1, f'cpack made ompx_<version>_amd64.deb: {debs}')
        deb = os.path.join(scratch, 'package', debs[0])
        depends = run(['dpkg-deb', '-f', deb, 'Depends']).stdout.strip()
        for pkg in DEPENDS:
            ver = run(['dpkg-query', '-W', '-f=${Version}', pkg]).stdout
            expect(f'{pkg} (= {ver})' in depends,
                   f'Depends names {pkg} (= {ver})')

        root = os.path.join(scratch, 'root')
        db = os.path.join(root, 'var', 'lib', 'dpkg')
        for d in ('info', 'updates', 'triggers'):
            os.makedirs(os.path.join(db, d), exist_ok=True)
        open(os.path.join(db, 'status'), 'a').close()
        # Its dependencies are this machine's, not the scratch database's.
        dpkg = ['dpkg', '--root=' + root, '--force-depends',
                '--force-not-root', '--force-script-chrootless',
                '--log=' + os.path.join(scratch, 'dpkg.log')]
        run(dpkg + ['-i', deb])
        expect('install ok installed' in
               run(['dpkg-query', '--admindir=' + db, '-W',
                    '-f=${Status}', 'ompx']).stdout,
               'dpkg installed the package into the scratch root')
        try_installed(os.path.join(root, 'usr'), scratch, 'dpkg -i')
        run(dpkg + ['--purge', 'ompx'])
        left = [os.path.join(d, f) for d, _, files in
                os.walk(os.path.join(root, 'usr')) for f in files]
        expect(not left, f'dpkg --purge left no file: {left[:5]}')
    except Failure as e:
        print(f'FAIL: {e}')
        return 1
    finally:
        if not opts.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    print('install: all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
