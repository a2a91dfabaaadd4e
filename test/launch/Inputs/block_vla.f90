! A BLOCK inside a target region whose automatic array is sized at run
! time: flang brackets it with llvm.stacksave/stackrestore on generic
! pointers, which LLVM 22's amdgcn backend cannot select
! (amdgpu-block.test).
program block_vla
  implicit none
  integer :: r(4), n
  r = 0
  n = 4
  !$omp target map(tofrom: r) map(to: n)
  block
    integer :: t(n)
    integer :: i
    do i = 1, n
      t(i) = i * 2
    end do
    r = t
  end block
  !$omp end target
  print '(4i3)', r
end program block_vla
