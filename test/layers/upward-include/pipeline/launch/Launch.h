// Stands for pipeline/launch/Launch.h in the `layers-upward` test.
