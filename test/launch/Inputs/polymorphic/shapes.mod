!mod$ v1 sum:7a109b6daf54cabc
module shapes
type::base
integer(4)::v=0_4
contains
procedure::get=>base_get
procedure::bump=>base_bump
end type
type,extends(base)::child
integer(4)::w=0_4
contains
procedure::get=>child_get
procedure::bump=>child_bump
end type
type::holder
integer(4)::n=0_4
class(base),allocatable::c
end type
contains
function base_get(self)
class(base),intent(in)::self
integer(4)::base_get
end
function child_get(self)
class(child),intent(in)::self
integer(4)::child_get
end
subroutine base_bump(self)
class(base),intent(inout)::self
end
subroutine child_bump(self)
class(child),intent(inout)::self
end
subroutine sum_array(b)
class(base),intent(in)::b(:)
end
subroutine bump_section(b)
class(base),intent(inout)::b(:)
end
subroutine call_get(b)
class(base),intent(in)::b
end
subroutine plus_one(x)
class(*),intent(in)::x
end
end
