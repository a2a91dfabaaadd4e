! Kinds and the STREAM constants shared by every programming model.
module stream_kinds
  implicit none
  private
  integer, parameter, public :: dp = selected_real_kind(15, 307)
  integer, parameter, public :: i8 = selected_int_kind(18)
  ! Starting values and the scale factor of the original STREAM benchmark.
  real(dp), parameter, public :: start_a = 0.1_dp
  real(dp), parameter, public :: start_b = 0.2_dp
  real(dp), parameter, public :: start_c = 0.0_dp
  real(dp), parameter, public :: start_scalar = 0.4_dp
  ! Kernels in the order they run in one repetition.
  integer, parameter, public :: nkernels = 5
  character(len=5), parameter, public :: kernel_names(nkernels) = &
      ['Copy ', 'Scale', 'Add  ', 'Triad', 'Dot  ']
  ! Arrays each kernel reads plus writes, to turn times into bandwidth.
  integer, parameter, public :: kernel_arrays(nkernels) = [2, 2, 3, 3, 2]
end module stream_kinds
