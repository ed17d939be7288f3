module healthreport

go 1.19
