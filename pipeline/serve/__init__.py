"""The local web workspace (`claimaudit serve`) and the starter project (`claimaudit init`)."""
