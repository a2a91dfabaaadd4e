include 'more.inc'
