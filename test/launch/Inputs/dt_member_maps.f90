! Explicit maps of a derived type's components, the region also using
! components no clause names: the record is referenced in the construct,
! so it is mapped as a whole (OpenMP's implicit map of the record).
module particles
  implicit none
  type :: cloud
    integer :: n = 0
    real(8) :: scale = 1
    real(8), allocatable :: x(:)
    real(8), allocatable :: q(:, :)
  end type cloud
contains
  ! f%n and f%scale read in the region, f%x used without a clause.
  subroutine push(f)
    type(cloud), intent(inout) :: f
    integer :: i
    !$omp target map(tofrom: f%q)
    do i = 1, f%n
      f%x(i) = f%x(i) * f%scale
      f%q(1, i) = f%q(1, i) + 2
    end do
    !$omp end target
  end subroutine push

  ! The whole record and one component in two clauses.
  subroutine both(f)
    type(cloud), intent(inout) :: f
    integer :: i
    !$omp target map(tofrom: f) map(tofrom: f%q)
    do i = 1, f%n
      f%q(2, i) = f%q(2, i) + f%x(i)
    end do
    !$omp end target
  end subroutine both

  ! The loop's bound (f%n) is evaluated for the kernel, its body uses
  ! only the mapped components.
  subroutine sweep(f)
    type(cloud), intent(inout) :: f
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: f%x, f%q)
    do i = 1, f%n
      f%x(i) = f%x(i) + 1
      f%q(1, i) = f%q(1, i) * 2
    end do
  end subroutine sweep

  ! Only the mapped components: the partial map is right and kept.
  subroutine only(f)
    type(cloud), intent(inout) :: f
    integer :: i
    !$omp target map(tofrom: f%x, f%q)
    do i = 1, 20
      f%q(2, i) = f%q(2, i) - f%x(i)
    end do
    !$omp end target
  end subroutine only
end module particles

program dt_member_maps
  use particles
  implicit none
  type(cloud) :: f
  integer :: i
  f%n = 20
  f%scale = 3
  allocate(f%x(20), f%q(2, 20))
  do i = 1, 20
    f%x(i) = i
    f%q(:, i) = -i
  end do
  call push(f)
  print '(a,2f8.1)', 'push ', sum(f%x), sum(f%q(1, :))
  call both(f)
  print '(a,f8.1)', 'both ', sum(f%q(2, :))
  call sweep(f)
  print '(a,2f8.1)', 'sweep', sum(f%x), sum(f%q(1, :))
  call only(f)
  print '(a,f8.1)', 'only ', sum(f%q(2, :))
end program dt_member_maps
