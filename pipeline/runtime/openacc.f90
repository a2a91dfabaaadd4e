!===- openacc.f90 - The OpenACC runtime API over OpenMP ---------------------===!
!
! flang-22 ships no `openacc` module. ompx lowers OpenACC to OpenMP offload
! (acc-to-omp, docs/launch.md), so this one implements the OpenACC 3.x
! runtime API on omp_lib: an OpenACC device is an OpenMP device, and
! acc-to-omp runs `async` work synchronously.
!
! acc_on_device is also called in compute regions: acc-to-omp (and host
! fallback) replace those calls by the same test on omp_is_initial_device,
! which each device runtime defines (pipeline/passes/AccToOmp.cpp).
!
! The data API (acc_copyin, acc_map_data, ...) is OpenAccData.c, on the
! entry points of OpenMP's enter/exit data and update, so that it and
! acc-to-omp's directives share libomptarget's present table and reference
! counts. acc_hostptr, acc_attach and acc_detach have no OpenMP twin: they
! are declared with binding labels `ompx_acc_data_api__NAME__SPECIFIC`,
! which no library defines, and ompx refuses a unit calling one before
! linking, at the call's line.
!
!===----------------------------------------------------------------------===!
module openacc
  use omp_lib, only: omp_get_num_devices, omp_set_default_device, &
                     omp_get_default_device, omp_is_initial_device, &
                     omp_target_is_present
  use, intrinsic :: iso_c_binding, only: c_ptr, c_loc, c_intptr_t, &
                                         c_null_ptr, c_size_t
  implicit none
  private

  integer, parameter, public :: openacc_version = 201911
  integer, parameter, public :: acc_device_kind = 4
  integer, parameter, public :: acc_handle_kind = 4
  ! The values GCC's openacc module gives them.
  integer(acc_device_kind), parameter, public :: acc_device_none = 0
  integer(acc_device_kind), parameter, public :: acc_device_default = 1
  integer(acc_device_kind), parameter, public :: acc_device_host = 2
  integer(acc_device_kind), parameter, public :: acc_device_not_host = 4
  integer(acc_device_kind), parameter, public :: acc_device_nvidia = 5
  integer(acc_device_kind), parameter, public :: acc_device_radeon = 8
  integer(acc_handle_kind), parameter, public :: acc_async_noval = -1
  integer(acc_handle_kind), parameter, public :: acc_async_sync = -2

  public :: acc_get_num_devices, acc_set_device_num, acc_get_device_num, &
            acc_get_device_type, acc_set_device_type, acc_init, &
            acc_shutdown, acc_on_device, acc_wait, acc_wait_async, &
            acc_wait_all, acc_wait_all_async, acc_async_test, &
            acc_async_test_all, acc_is_present
  ! The data API (OpenAccData.c; acc_hostptr, acc_attach and acc_detach
  ! refused by ompx at the call, see above).
  public :: acc_copyin, acc_create, acc_copyout, acc_delete, &
            acc_update_device, acc_update_self, acc_copyout_finalize, &
            acc_delete_finalize, acc_present_or_copyin, &
            acc_present_or_create, acc_pcopyin, acc_pcreate, &
            acc_copyin_async, acc_create_async, acc_copyout_async, &
            acc_delete_async, acc_update_device_async, &
            acc_update_self_async, acc_copyout_finalize_async, &
            acc_delete_finalize_async, acc_deviceptr, acc_hostptr, &
            acc_map_data, acc_unmap_data, acc_memcpy_to_device, &
            acc_memcpy_from_device, acc_attach, acc_detach, acc_malloc, &
            acc_free, acc_memcpy_device

  ! The type acc_set_device_type last chose (acc_device_none: none yet).
  integer(acc_device_kind) :: chosen_type = acc_device_none

  interface acc_is_present
    module procedure acc_is_present_a, acc_is_present_b4, acc_is_present_b8
  end interface acc_is_present

  interface acc_copyin
    subroutine acc_copyin_a(a) &
        bind(c, name='ompx_acc_copyin_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_copyin_b4(a, bytes) &
        bind(c, name='ompx_acc_copyin_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_copyin_b8(a, bytes) &
        bind(c, name='ompx_acc_copyin_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_copyin
  interface acc_create
    subroutine acc_create_a(a) &
        bind(c, name='ompx_acc_create_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_create_b4(a, bytes) &
        bind(c, name='ompx_acc_create_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_create_b8(a, bytes) &
        bind(c, name='ompx_acc_create_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_create
  interface acc_copyout
    subroutine acc_copyout_a(a) &
        bind(c, name='ompx_acc_copyout_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_copyout_b4(a, bytes) &
        bind(c, name='ompx_acc_copyout_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_copyout_b8(a, bytes) &
        bind(c, name='ompx_acc_copyout_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_copyout
  interface acc_delete
    subroutine acc_delete_a(a) &
        bind(c, name='ompx_acc_delete_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_delete_b4(a, bytes) &
        bind(c, name='ompx_acc_delete_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_delete_b8(a, bytes) &
        bind(c, name='ompx_acc_delete_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_delete
  interface acc_update_device
    subroutine acc_update_device_a(a) &
        bind(c, name='ompx_acc_update_device_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_update_device_b4(a, bytes) &
        bind(c, name='ompx_acc_update_device_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_update_device_b8(a, bytes) &
        bind(c, name='ompx_acc_update_device_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_update_device
  interface acc_update_self
    subroutine acc_update_self_a(a) &
        bind(c, name='ompx_acc_update_self_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_update_self_b4(a, bytes) &
        bind(c, name='ompx_acc_update_self_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_update_self_b8(a, bytes) &
        bind(c, name='ompx_acc_update_self_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_update_self
  interface acc_copyout_finalize
    subroutine acc_copyout_finalize_a(a) &
        bind(c, name='ompx_acc_copyout_finalize_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_copyout_finalize_b4(a, bytes) &
        bind(c, name='ompx_acc_copyout_finalize_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_copyout_finalize_b8(a, bytes) &
        bind(c, name='ompx_acc_copyout_finalize_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_copyout_finalize
  interface acc_delete_finalize
    subroutine acc_delete_finalize_a(a) &
        bind(c, name='ompx_acc_delete_finalize_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_delete_finalize_b4(a, bytes) &
        bind(c, name='ompx_acc_delete_finalize_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_delete_finalize_b8(a, bytes) &
        bind(c, name='ompx_acc_delete_finalize_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_delete_finalize
  interface acc_present_or_copyin
    subroutine acc_present_or_copyin_a(a) &
        bind(c, name='ompx_acc_present_or_copyin_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_present_or_copyin_b4(a, bytes) &
        bind(c, name='ompx_acc_present_or_copyin_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_present_or_copyin_b8(a, bytes) &
        bind(c, name='ompx_acc_present_or_copyin_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_present_or_copyin
  interface acc_present_or_create
    subroutine acc_present_or_create_a(a) &
        bind(c, name='ompx_acc_present_or_create_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_present_or_create_b4(a, bytes) &
        bind(c, name='ompx_acc_present_or_create_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_present_or_create_b8(a, bytes) &
        bind(c, name='ompx_acc_present_or_create_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_present_or_create
  interface acc_pcopyin
    subroutine acc_pcopyin_a(a) &
        bind(c, name='ompx_acc_pcopyin_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_pcopyin_b4(a, bytes) &
        bind(c, name='ompx_acc_pcopyin_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_pcopyin_b8(a, bytes) &
        bind(c, name='ompx_acc_pcopyin_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_pcopyin
  interface acc_pcreate
    subroutine acc_pcreate_a(a) &
        bind(c, name='ompx_acc_pcreate_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_pcreate_b4(a, bytes) &
        bind(c, name='ompx_acc_pcreate_b4')
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_pcreate_b8(a, bytes) &
        bind(c, name='ompx_acc_pcreate_b8')
      type(*), dimension(..) :: a
      integer(8) :: bytes
    end subroutine
  end interface acc_pcreate
  interface acc_copyin_async
    subroutine acc_copyin_async_a(a, async) &
        bind(c, name='ompx_acc_copyin_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_copyin_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_copyin_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_copyin_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_copyin_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_copyin_async
  interface acc_create_async
    subroutine acc_create_async_a(a, async) &
        bind(c, name='ompx_acc_create_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_create_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_create_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_create_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_create_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_create_async
  interface acc_copyout_async
    subroutine acc_copyout_async_a(a, async) &
        bind(c, name='ompx_acc_copyout_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_copyout_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_copyout_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_copyout_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_copyout_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_copyout_async
  interface acc_delete_async
    subroutine acc_delete_async_a(a, async) &
        bind(c, name='ompx_acc_delete_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_delete_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_delete_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_delete_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_delete_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_delete_async
  interface acc_update_device_async
    subroutine acc_update_device_async_a(a, async) &
        bind(c, name='ompx_acc_update_device_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_update_device_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_update_device_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_update_device_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_update_device_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_update_device_async
  interface acc_update_self_async
    subroutine acc_update_self_async_a(a, async) &
        bind(c, name='ompx_acc_update_self_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_update_self_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_update_self_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_update_self_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_update_self_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_update_self_async
  interface acc_copyout_finalize_async
    subroutine acc_copyout_finalize_async_a(a, async) &
        bind(c, name='ompx_acc_copyout_finalize_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_copyout_finalize_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_copyout_finalize_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_copyout_finalize_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_copyout_finalize_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_copyout_finalize_async
  interface acc_delete_finalize_async
    subroutine acc_delete_finalize_async_a(a, async) &
        bind(c, name='ompx_acc_delete_finalize_async_a')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_delete_finalize_async_b4(a, bytes, async) &
        bind(c, name='ompx_acc_delete_finalize_async_b4')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(4) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
    subroutine acc_delete_finalize_async_b8(a, bytes, async) &
        bind(c, name='ompx_acc_delete_finalize_async_b8')
      import :: acc_handle_kind
      type(*), dimension(..) :: a
      integer(8) :: bytes
      integer(acc_handle_kind) :: async
    end subroutine
  end interface acc_delete_finalize_async

  interface
    function acc_deviceptr(a) result(d) bind(c, name='ompx_acc_deviceptr_a')
      import :: c_ptr
      type(*), dimension(..) :: a
      type(c_ptr) :: d
    end function
    ! No OpenMP routine looks a host address up from a device one.
    function acc_hostptr(d) result(a) &
        bind(c, name='ompx_acc_data_api__acc_hostptr__a')
      import :: c_ptr
      type(c_ptr), value :: d
      type(c_ptr) :: a
    end function
    function acc_malloc(bytes) result(d) bind(c, name='acc_malloc')
      import :: c_ptr, c_size_t
      integer(c_size_t), value :: bytes
      type(c_ptr) :: d
    end function
    subroutine acc_free(d) bind(c, name='acc_free')
      import :: c_ptr
      type(c_ptr), value :: d
    end subroutine
    subroutine acc_unmap_data(a) bind(c, name='ompx_acc_unmap_data_a')
      type(*), dimension(..) :: a
    end subroutine
    subroutine acc_memcpy_device(dest, src, bytes) &
        bind(c, name='acc_memcpy_device')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: dest, src
      integer(c_size_t), value :: bytes
    end subroutine
    ! Pointer attachment: acc-to-omp refuses attach and detach too (OpenMP
    ! counts attachments with the reference count).
    subroutine acc_attach(p) &
        bind(c, name='ompx_acc_data_api__acc_attach__a')
      type(*), dimension(..) :: p
    end subroutine
    subroutine acc_detach(p) &
        bind(c, name='ompx_acc_data_api__acc_detach__a')
      type(*), dimension(..) :: p
    end subroutine
  end interface

  ! The byte counts: a default integer (by reference) or OpenACC 3.3's
  ! integer(c_size_t), value.
  interface acc_map_data
    subroutine acc_map_data_b4(a, d, bytes) &
        bind(c, name='ompx_acc_map_data_b4')
      import :: c_ptr
      type(*), dimension(..) :: a
      type(c_ptr), value :: d
      integer(4) :: bytes
    end subroutine
    subroutine acc_map_data_b8(a, d, bytes) &
        bind(c, name='ompx_acc_map_data_b8')
      import :: c_ptr, c_size_t
      type(*), dimension(..) :: a
      type(c_ptr), value :: d
      integer(c_size_t), value :: bytes
    end subroutine
  end interface acc_map_data
  interface acc_memcpy_to_device
    subroutine acc_memcpy_to_device_b4(d, a, bytes) &
        bind(c, name='ompx_acc_memcpy_to_device_b4')
      import :: c_ptr
      type(c_ptr), value :: d
      type(*), dimension(..) :: a
      integer(4) :: bytes
    end subroutine
    subroutine acc_memcpy_to_device_b8(d, a, bytes) &
        bind(c, name='ompx_acc_memcpy_to_device_b8')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: d
      type(*), dimension(..) :: a
      integer(c_size_t), value :: bytes
    end subroutine
  end interface acc_memcpy_to_device
  interface acc_memcpy_from_device
    subroutine acc_memcpy_from_device_b4(a, d, bytes) &
        bind(c, name='ompx_acc_memcpy_from_device_b4')
      import :: c_ptr
      type(*), dimension(..) :: a
      type(c_ptr), value :: d
      integer(4) :: bytes
    end subroutine
    subroutine acc_memcpy_from_device_b8(a, d, bytes) &
        bind(c, name='ompx_acc_memcpy_from_device_b8')
      import :: c_ptr, c_size_t
      type(*), dimension(..) :: a
      type(c_ptr), value :: d
      integer(c_size_t), value :: bytes
    end subroutine
  end interface acc_memcpy_from_device

contains

  ! Whether `dev_type` names the OpenMP offload devices: every kind but the
  ! host and none (ompx builds a program for one kind of device).
  logical function offload_kind(dev_type)
    integer(acc_device_kind), intent(in) :: dev_type
    offload_kind = dev_type == acc_device_default .or. &
                   dev_type == acc_device_not_host .or. &
                   dev_type == acc_device_nvidia .or. &
                   dev_type == acc_device_radeon
  end function offload_kind

  integer function acc_get_num_devices(dev_type)
    integer(acc_device_kind), intent(in) :: dev_type
    if (dev_type == acc_device_host) then
      acc_get_num_devices = 1
    else if (offload_kind(dev_type)) then
      acc_get_num_devices = omp_get_num_devices()
    else
      acc_get_num_devices = 0
    end if
  end function acc_get_num_devices

  subroutine acc_set_device_num(dev_num, dev_type)
    integer, intent(in) :: dev_num
    integer(acc_device_kind), intent(in) :: dev_type
    integer :: n
    if (.not. offload_kind(dev_type)) return
    n = omp_get_num_devices()
    ! No offload device (a host build): the regions run on the host anyway.
    if (n == 0) return
    if (dev_num >= n) then
      write (0, '(a,i0,a,i0,a)') 'acc_set_device_num: device ', dev_num, &
        ' does not exist (the program has ', n, ' offload devices)'
      error stop 1
    end if
    ! OpenACC: a negative number restores the default device.
    call omp_set_default_device(max(dev_num, 0))
    if (dev_type /= acc_device_default) chosen_type = dev_type
  end subroutine acc_set_device_num

  integer function acc_get_device_num(dev_type)
    integer(acc_device_kind), intent(in) :: dev_type
    acc_get_device_num = 0
    if (offload_kind(dev_type) .and. omp_get_num_devices() > 0) &
      acc_get_device_num = omp_get_default_device()
  end function acc_get_device_num

  integer(acc_device_kind) function acc_get_device_type()
    if (omp_get_num_devices() == 0) then
      acc_get_device_type = acc_device_host
    else if (chosen_type /= acc_device_none) then
      acc_get_device_type = chosen_type
    else
      acc_get_device_type = acc_device_not_host
    end if
  end function acc_get_device_type

  subroutine acc_set_device_type(dev_type)
    integer(acc_device_kind), intent(in) :: dev_type
    if (dev_type == acc_device_host .and. omp_get_num_devices() > 0) then
      ! acc-to-omp offloads every compute region: they cannot move back.
      write (0, '(a)') 'acc_set_device_type(acc_device_host): not ' // &
        'available through acc-to-omp (compute regions always offload)'
      error stop 1
    end if
    if (offload_kind(dev_type) .and. dev_type /= acc_device_default) &
      chosen_type = dev_type
  end subroutine acc_set_device_type

  ! The OpenMP runtime initializes itself; acc-to-omp drops `init` too.
  subroutine acc_init(dev_type)
    integer(acc_device_kind), intent(in) :: dev_type
  end subroutine acc_init

  subroutine acc_shutdown(dev_type)
    integer(acc_device_kind), intent(in) :: dev_type
  end subroutine acc_shutdown

  ! Host code's version; in compute regions acc-to-omp makes the same test
  ! from the device's omp_is_initial_device.
  logical function acc_on_device(dev_type)
    integer(acc_device_kind), value :: dev_type
    if (omp_is_initial_device()) then
      acc_on_device = dev_type == acc_device_host
    else
      acc_on_device = dev_type == acc_device_not_host .or. &
                      dev_type == acc_device_nvidia .or. &
                      dev_type == acc_device_radeon
    end if
  end function acc_on_device

  ! acc-to-omp runs `async` work synchronously: when a call returns, all of
  ! its work is done, so waits have nothing to wait for and every test is
  ! true.
  subroutine acc_wait(wait_arg)
    integer(acc_handle_kind), intent(in) :: wait_arg
  end subroutine acc_wait

  subroutine acc_wait_async(wait_arg, async_arg)
    integer(acc_handle_kind), intent(in) :: wait_arg, async_arg
  end subroutine acc_wait_async

  subroutine acc_wait_all()
  end subroutine acc_wait_all

  subroutine acc_wait_all_async(async_arg)
    integer(acc_handle_kind), intent(in) :: async_arg
  end subroutine acc_wait_all_async

  logical function acc_async_test(wait_arg)
    integer(acc_handle_kind), intent(in) :: wait_arg
    acc_async_test = .true.
  end function acc_async_test

  logical function acc_async_test_all()
    acc_async_test_all = .true.
  end function acc_async_test_all

  ! Whether the bytes from `first` to `last` (addresses) are on the current
  ! device: both ends present (OpenMP maps whole ranges).
  logical function present_range(first, bytes)
    type(c_ptr), intent(in) :: first
    integer(8), intent(in) :: bytes
    integer(c_intptr_t) :: at
    integer :: dev
    present_range = .true.
    if (omp_get_num_devices() == 0 .or. bytes <= 0) return
    dev = omp_get_default_device()
    at = transfer(first, at)
    present_range = omp_target_is_present(first, dev) /= 0 .and. &
      omp_target_is_present(transfer(at + bytes - 1, first), dev) /= 0
  end function present_range

  logical function acc_is_present_a(data_arg)
    type(*), dimension(..), target, intent(in) :: data_arg
    acc_is_present_a = present_range(c_loc(data_arg), &
      storage_size(data_arg, 8) / 8 * size(data_arg, kind=8))
  end function acc_is_present_a

  logical function acc_is_present_b4(data_arg, bytes)
    type(*), dimension(..), target, intent(in) :: data_arg
    integer(4), intent(in) :: bytes
    acc_is_present_b4 = present_range(c_loc(data_arg), int(bytes, 8))
  end function acc_is_present_b4

  logical function acc_is_present_b8(data_arg, bytes)
    type(*), dimension(..), target, intent(in) :: data_arg
    integer(8), intent(in) :: bytes
    acc_is_present_b8 = present_range(c_loc(data_arg), bytes)
  end function acc_is_present_b8
end module openacc
