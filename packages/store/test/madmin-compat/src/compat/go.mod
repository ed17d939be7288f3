module compat

go 1.19
